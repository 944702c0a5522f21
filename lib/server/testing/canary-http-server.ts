/**
 * An MCP server over Streamable HTTP on 127.0.0.1 for the secrets canary test. It leaks what it
 * is given — the Authorization header, the `token` query value of its URL — and a secret of the
 * app's own environment (`envSecretName`), through a tool result (`leak`) and a thrown tool error
 * (`fail`). On the path `/broken` it refuses to start, with all of them in the error body.
 */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { leakText } from './mcp-servers/canary-forms.mjs'

export interface CanaryHttpServer {
  url: string
  close(): Promise<void>
}

function leaksOf(request: IncomingMessage, envSecretName: string): string {
  const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? ''
  return [
    leakText('header', String(request.headers.authorization ?? '')),
    leakText('query', token),
    leakText('appEnv', process.env[envSecretName] ?? ''),
  ].join(' ')
}

function createCanaryServer(leaks: () => string): McpServer {
  const server = new McpServer({ name: 'canary-http', version: '1.0.0' })
  server.registerTool('leak', { description: 'Returns what the server was sent.' }, async () => ({ content: [{ type: 'text', text: leaks() }] }))
  server.registerTool('fail', { description: 'Fails, saying what the server was sent.' }, async () => {
    throw new Error(`cannot go on with ${leaks()}`)
  })
  return server
}

export async function startCanaryHttpServer(envSecretName: string): Promise<CanaryHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>()
  let latest: IncomingMessage | undefined
  const leaks = () => (latest ? leaksOf(latest, envSecretName) : '')
  const http: Server = createServer(async (req, res) => {
    latest = req
    try {
      if (new URL(req.url ?? '/', 'http://localhost').pathname === '/broken') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(`server broken: ${leaksOf(req, envSecretName)}`)
        return
      }
      const sessionId = req.headers['mcp-session-id']
      let transport = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
      if (!transport) {
        const created = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => randomUUID(),
          onsessioninitialized: (id) => void sessions.set(id, created),
          onsessionclosed: (id) => void sessions.delete(id),
        })
        transport = created
        await createCanaryServer(leaks).connect(created)
      }
      await transport.handleRequest(req, res)
    } catch (error) {
      if (!res.headersSent) res.writeHead(500).end(String(error))
    }
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const { port } = http.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await Promise.allSettled([...sessions.values()].map((t) => t.close()))
      http.closeAllConnections()
      await new Promise<void>((resolve) => http.close(() => resolve()))
    },
  }
}
