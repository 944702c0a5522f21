/**
 * Fixture: a server whose tool list changes.
 *   add_tool { name }  registers a new tool `name` ({ value: string } → echoes it) and so
 *                      sends notifications/tools/list_changed
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { serve } from './serve.mjs'

function createServer() {
  const server = new McpServer({ name: 'changing-fixture', version: '1.0.0' })
  server.registerTool('add_tool', { inputSchema: { name: z.string() } }, async ({ name }) => {
    server.registerTool(name, { inputSchema: { value: z.string() } }, async ({ value }) => ({ content: [{ type: 'text', text: `${name}:${value}` }] }))
    return { content: [{ type: 'text', text: `added ${name}` }] }
  })
  return server
}

await serve(createServer)
