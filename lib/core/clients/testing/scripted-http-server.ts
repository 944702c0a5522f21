/**
 * A loopback HTTP server for provider wire tests: each request takes the next scripted answer
 * (a function of the request that writes a JSON body, an SSE stream or an error), and every request
 * is recorded, so a provider's own SDK is exercised end to end (retries, SSE parsing, errors).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedHttpRequest {
  method: string
  /** Path and query, e.g. `/v1/messages` or `/v1beta/models/m:streamGenerateContent?alt=sse`. */
  url: string
  headers: IncomingMessage['headers']
  body: any
}

/** What an answer writes: a status and a JSON body, or SSE events (`event` names optional). */
export type HttpAnswer = { status?: number; json: unknown; headers?: Record<string, string> } | { sse: Array<{ event?: string; data: unknown }> }

export type ScriptedAnswer = (request: RecordedHttpRequest) => HttpAnswer

export class ScriptedHttpServer {
  readonly requests: RecordedHttpRequest[] = []
  private readonly queue: ScriptedAnswer[] = []

  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:41234` */
    readonly origin: string,
  ) {}

  static async start(): Promise<ScriptedHttpServer> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = server.address() as AddressInfo
    const scripted = new ScriptedHttpServer(server, `http://127.0.0.1:${port}`)
    server.on('request', (request, response) => void scripted.handle(request, response))
    return scripted
  }

  enqueue(...answers: ScriptedAnswer[]): void {
    this.queue.push(...answers)
  }

  get pendingAnswers(): number {
    return this.queue.length
  }

  async close(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const recorded: RecordedHttpRequest = {
      method: request.method ?? 'GET',
      url: request.url ?? '/',
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    }
    this.requests.push(recorded)
    const next = this.queue.shift()
    const answer: HttpAnswer = next ? next(recorded) : { status: 500, json: { error: { message: 'no scripted answer left' } } }
    if ('sse' in answer) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
      for (const event of answer.sse) response.write(`${event.event ? `event: ${event.event}\n` : ''}data: ${JSON.stringify(event.data)}\n\n`)
      response.end()
      return
    }
    response.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...(answer.headers ?? {}) })
    response.end(JSON.stringify(answer.json))
  }
}
