/**
 * An MCP server over Streamable HTTP on 127.0.0.1 for the secrets canary test. It leaks what it
 * is given — the Authorization header, the `token` query value of its URL — and a secret of the
 * app's own environment (`envSecretName`), through a tool result (`leak`) and a thrown tool error
 * (`fail`). On the path `/broken` it refuses to start, with all of them in the error body.
 */
import type { IncomingMessage } from 'node:http'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { hostMcpOverHttp } from './mcp-http-host'
import { leakText } from './mcp-servers/canary-forms.mjs'

export interface CanaryHttpServer {
  url: string
  close(): Promise<void>
}

function leaksOf(request: IncomingMessage, envSecretName: string): string {
  const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token') ?? ''
  return [leakText('header', String(request.headers.authorization ?? '')), leakText('query', token), leakText('appEnv', process.env[envSecretName] ?? '')].join(
    ' ',
  )
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
  let latest: IncomingMessage | undefined
  const leaks = () => (latest ? leaksOf(latest, envSecretName) : '')
  const host = await hostMcpOverHttp(
    () => createCanaryServer(leaks),
    (req, res) => {
      latest = req
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/broken') return false
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`server broken: ${leaksOf(req, envSecretName)}`)
      return true
    },
  )
  return { url: host.origin, close: () => host.close() }
}
