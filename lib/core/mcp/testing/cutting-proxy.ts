import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A loopback HTTP proxy in front of a Streamable HTTP MCP server that records every JSON-RPC
 * message and, on chosen messages, misbehaves:
 *   'cut'       forwards the request, lets the server finish it, then destroys the client's
 *               socket without answering (the client never learns the outcome)
 *   'error'     answers a JSON-RPC error itself (the server never sees the request)
 *   'malformed' answers a JSON-RPC result of the given shape itself
 * Rules are consumed in order: each applies once, to the first message it matches.
 */

export type ProxyAction = { kind: 'cut' } | { kind: 'error'; code: number; message: string } | { kind: 'malformed'; result: Record<string, unknown> }

export interface ProxyRule {
  method: string
  /** Skip this many matching messages before acting. */
  skip?: number
  action: ProxyAction
}

export interface RecordedMessage {
  method: string
  params: Record<string, unknown> | undefined
  headers: Record<string, string | string[] | undefined>
  action?: ProxyAction['kind']
}

export class CuttingProxy {
  readonly messages: RecordedMessage[] = []
  private readonly rules: Array<ProxyRule & { seen: number }> = []
  private readonly sockets = new Set<Socket>()
  private server: Server | undefined
  private upstream!: URL
  url = ''

  async start(upstreamUrl: string): Promise<void> {
    this.upstream = new URL(upstreamUrl)
    this.server = createServer((req, res) => void this.handle(req, res))
    this.server.on('connection', (socket) => {
      this.sockets.add(socket)
      socket.on('close', () => this.sockets.delete(socket))
    })
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve))
    const address = this.server.address() as { port: number }
    this.url = `http://127.0.0.1:${address.port}${this.upstream.pathname}`
  }

  addRule(rule: ProxyRule): void {
    this.rules.push({ ...rule, seen: 0 })
  }

  count(method: string): number {
    return this.messages.filter((message) => message.method === method).length
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()))
  }

  private ruleFor(method: string): ProxyAction | undefined {
    const index = this.rules.findIndex((rule) => rule.method === method && rule.seen++ >= (rule.skip ?? 0))
    if (index < 0) return undefined
    const [rule] = this.rules.splice(index, 1)
    return rule!.action
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    let action: ProxyAction | undefined
    let id: unknown
    if (req.method === 'POST' && body.length > 0) {
      const message = JSON.parse(body.toString()) as { method?: string; params?: Record<string, unknown>; id?: unknown }
      if (message.method) {
        action = this.ruleFor(message.method)
        id = message.id
        this.messages.push({ method: message.method, params: message.params, headers: req.headers, action: action?.kind })
      }
    }
    if (action?.kind === 'error' || action?.kind === 'malformed') {
      const payload =
        action.kind === 'error' ? { jsonrpc: '2.0', id, error: { code: action.code, message: action.message } } : { jsonrpc: '2.0', id, result: action.result }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(payload))
      return
    }
    const upstream = httpRequest(
      { host: this.upstream.hostname, port: this.upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: this.upstream.host } },
      (upstreamRes) => {
        if (action?.kind === 'cut') {
          // Let the server finish the request, then drop the client without an answer.
          upstreamRes.resume()
          upstreamRes.on('end', () => req.socket.destroy())
          return
        }
        res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.headers)
        upstreamRes.pipe(res)
      },
    )
    upstream.on('error', () => req.socket.destroy())
    res.on('close', () => upstream.destroy())
    upstream.end(body)
  }
}
