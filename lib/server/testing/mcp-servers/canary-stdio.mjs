#!/usr/bin/env node
/**
 * A stdio MCP server for the secrets canary test that leaks its environment value CANARY_ENV in
 * every way it can: on stderr at start, in a tool result (`leak`), in a thrown tool error
 * (`fail`) and in a sampling request (`ask`), which becomes an approval.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { leakText } from './canary-forms.mjs'

const text = () => leakText('env', process.env.CANARY_ENV ?? '')

const server = new McpServer({ name: 'canary-stdio', version: '1.0.0' })
server.registerTool('leak', { description: 'Returns the environment value.' }, async () => ({ content: [{ type: 'text', text: text() }] }))
server.registerTool('fail', { description: 'Fails, saying the environment value.' }, async () => {
  throw new Error(`cannot go on with ${text()}`)
})
server.registerTool('ask', { description: 'Asks the client for a completion about the environment value.' }, async () => {
  try {
    await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: text() } }], maxTokens: 50 })
    return { content: [{ type: 'text', text: 'asked' }] }
  } catch (error) {
    return { content: [{ type: 'text', text: `declined: ${error instanceof Error ? error.message : String(error)}` }], isError: true }
  }
})

process.stderr.write(`starting with ${text()}\n`)
await server.connect(new StdioServerTransport())
