/**
 * Runs a fixture MCP server over stdio (default) or Streamable HTTP on 127.0.0.1.
 *   node <fixture>.mjs                → stdio
 *   node <fixture>.mjs --http         → HTTP on a free port; prints {"url": "..."} as the first stdout line
 * HTTP sessions are stateful: one server (from `createServer`) per session.
 */
import { randomUUID } from 'node:crypto'
import { createServer as createHttpServer } from 'node:http'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

export async function serve(createServer) {
  if (!process.argv.includes('--http')) {
    const server = createServer()
    await server.connect(new StdioServerTransport())
    process.stdin.on('end', () => void server.close().finally(() => process.exit(0)))
    return
  }
  const sessions = new Map()
  const httpServer = createHttpServer(async (req, res) => {
    try {
      const sessionId = req.headers['mcp-session-id']
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
      if (!transport) {
        if (sessionId) {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }))
          return
        }
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => sessions.set(id, transport),
          onsessionclosed: (id) => sessions.delete(id),
        })
        await createServer().connect(transport)
      }
      await transport.handleRequest(req, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  httpServer.listen(0, '127.0.0.1', () => {
    const { port } = httpServer.address()
    process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp` })}\n`)
  })
  const shutdown = () => {
    for (const transport of sessions.values()) void transport.close()
    httpServer.closeAllConnections()
    httpServer.close(() => process.exit(0))
  }
  process.on('SIGTERM', shutdown)
  process.stdin.on('end', shutdown)
  process.stdin.resume()
}
