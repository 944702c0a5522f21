/**
 * Fixture: a server that tells what request metadata it received.
 *   echo_meta { text }   answers with JSON { text, meta } where meta is the tools/call `_meta`
 *                        (trace context, progress token, user keys) as the SDK handed it over
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { serve } from './serve.mjs'

function createServer() {
  const server = new McpServer({ name: 'meta-echo-fixture', version: '1.0.0' })
  server.registerTool('echo_meta', { description: 'Echoes its text and the request _meta.', inputSchema: { text: z.string() } }, async ({ text }, extra) => ({
    content: [{ type: 'text', text: JSON.stringify({ text, meta: extra._meta ?? null }) }],
  }))
  return server
}

await serve(createServer)
