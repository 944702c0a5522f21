/**
 * An MCP server over Streamable HTTP on 127.0.0.1, in this process, that records the headers of
 * every request it gets. One tool, `echo`, answers with its `text` argument.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { z } from 'zod'

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
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const http: Server = createServer(async (req, res) => {
    requests.push(req.headers)
    try {
      const sessionId = req.headers['mcp-session-id']
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
      if (!transport) {
        if (sessionId) {
          res.writeHead(404).end()
          return
        }
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, created),
          onsessionclosed: (id) => void sessions.delete(id),
        })
        transport = created
        await createMcpServer(name).connect(created)
      }
      await transport.handleRequest(req, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    requests,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
