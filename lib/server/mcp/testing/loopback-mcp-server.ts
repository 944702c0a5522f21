/**
 * An MCP server over Streamable HTTP on 127.0.0.1, in this process, that records the headers of
 * every request it gets. One tool, `echo`, answers with its `text` argument.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { hostMcpOverHttp } from '../../testing/mcp-http-host'

export interface LoopbackMcpServer {
  url: string
  requests: IncomingHttpHeaders[]
  close(): Promise<void>
}

function createMcpServer(name: string): McpServer {
  const server = new McpServer({ name, version: '1.0.0' })
  server.registerTool('echo', { description: 'Echoes text.', inputSchema: { text: z.string() } }, async ({ text }) => ({
    content: [{ type: 'text', text: `${name}: ${text}` }],
  }))
  return server
}

export async function startLoopbackMcpServer(name = 'loopback'): Promise<LoopbackMcpServer> {
  const requests: IncomingHttpHeaders[] = []
  const host = await hostMcpOverHttp(
    () => createMcpServer(name),
    (req) => {
      requests.push(req.headers)
      return false
    },
  )
  return { url: `${host.origin}/mcp`, requests, close: () => host.close() }
}
