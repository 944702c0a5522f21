#!/usr/bin/env node
/**
 * A stdio MCP server for the connection-pool tests that says how often it was connected: each
 * start and each completed `initialize` is appended as a JSON line to the file MCP_COUNT_FILE
 * names (`{"event":"started","pid":…}`, `{"event":"initialized","pid":…,"capabilities":{…}}`,
 * with the capabilities the client declared). Its one tool, `echo { text }`, answers with the text.
 *
 * It ends when its stdin does, unless MCP_IGNORE_STDIN_END=1: then, like some servers, it keeps
 * running until a signal ends it.
 */
import { appendFileSync } from 'node:fs'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { z } from 'zod'

const countFile = process.env.MCP_COUNT_FILE
const record = (line) => {
  if (countFile) appendFileSync(countFile, `${JSON.stringify({ ...line, pid: process.pid })}\n`)
}

const server = new McpServer({ name: 'counting', version: '1.0.0' })
server.registerTool('echo', { description: 'Echoes text.', inputSchema: { text: z.string() } }, async ({ text }) => ({
  content: [{ type: 'text', text }],
}))
server.server.oninitialized = () => record({ event: 'initialized', capabilities: server.server.getClientCapabilities() ?? {} })

record({ event: 'started' })
await server.connect(new StdioServerTransport())
if (process.env.MCP_IGNORE_STDIN_END === '1') setInterval(() => {}, 60_000)
else process.stdin.on('end', () => process.exit(0))
