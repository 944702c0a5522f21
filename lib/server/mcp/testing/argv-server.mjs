#!/usr/bin/env node
/**
 * A stdio MCP server for tests: its one tool, `argv`, answers with the arguments the process was
 * started with, as JSON — to show that arguments arrive as written, with no shell in between.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'

const server = new McpServer({ name: 'argv', version: '1.0.0' })

server.registerTool('argv', { description: 'The arguments this server was started with.' }, async () => ({
  content: [{ type: 'text', text: JSON.stringify(process.argv.slice(2)) }],
}))

await server.connect(new StdioServerTransport())
