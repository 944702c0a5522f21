/**
 * Serves MCP servers over Streamable HTTP on 127.0.0.1 for tests, one McpServer per session
 * (`createMcpServer` is called for each new session). A request naming an unknown session gets
 * 404, as the specification says. `intercept` sees every request first and may answer it itself
 * (returning true), e.g. to record headers or to fail on a path.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

export interface McpHttpHost {
  /** `http://127.0.0.1:<port>`, without a path: the server answers on any path. */
  origin: string
  close(): Promise<void>
}

export async function hostMcpOverHttp(
  // An McpServer, or a low-level Server (one that sees undeclared arguments).
  createMcpServer: () => Pick<McpServer, 'connect'>,
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean,
): Promise<McpHttpHost> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  const http: Server = createServer(async (req, res) => {
    try {
      if (intercept?.(req, res)) return
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
        await createMcpServer().connect(created)
      }
      await transport.handleRequest(req, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
