#!/usr/bin/env node
/**
 * A stdio MCP server for the end-to-end test of an MCP server's settings used by a run. A
 * low-level Server, so that it sees the raw arguments of a call (an McpServer would strip the
 * undeclared ones before its handler ran):
 *   echo_args { text }                answers with the JSON of every argument it received
 *   ask_model { question, maxTokens } asks the client's model (sampling/createMessage) for
 *                                     `maxTokens`, and answers "model: <text>" or "sampling refused: <why>"
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'

const server = new Server({ name: 'settings-fixture', version: '1.0.0' }, { capabilities: { tools: {} } })

const tools = [
  {
    name: 'echo_args',
    description: 'Answers with every argument it received.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  },
  {
    name: 'ask_model',
    description: "Asks the client's model a question (MCP sampling).",
    inputSchema: { type: 'object', properties: { question: { type: 'string' }, maxTokens: { type: 'integer' } }, required: ['question', 'maxTokens'] },
  },
]

server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }))

server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  const args = params.arguments ?? {}
  if (params.name === 'echo_args') return { content: [{ type: 'text', text: `received ${JSON.stringify(args)}` }] }
  if (params.name === 'ask_model') {
    try {
      const result = await server.createMessage({
        messages: [{ role: 'user', content: { type: 'text', text: String(args.question) } }],
        maxTokens: Number(args.maxTokens),
      })
      return { content: [{ type: 'text', text: `model: ${result.content.type === 'text' ? result.content.text : ''}` }] }
    } catch (error) {
      return { isError: true, content: [{ type: 'text', text: `sampling refused: ${error instanceof Error ? error.message : String(error)}` }] }
    }
  }
  return { isError: true, content: [{ type: 'text', text: `unknown tool ${params.name}` }] }
})

await server.connect(new StdioServerTransport())
process.stdin.on('end', () => void server.close().finally(() => process.exit(0)))
