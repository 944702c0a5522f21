/**
 * A small OpenAI-compatible HTTP server on 127.0.0.1 for tests: it answers `POST …/responses`
 * and `POST …/chat/completions` (JSON or SSE) from a scripted queue and records every request,
 * so the real `openai` package — retries, SSE parsing, abort handling — is exercised end to end.
 * Like the service, it keeps the Responses it answered (unless asked `store: false`) and refuses a
 * `previous_response_id` it does not keep.
 *
 *   const server = await startLoopbackOpenAIServer()
 *   server.enqueue({ text: ['Hel', 'lo'], usage: { inputTokens: 3, outputTokens: 2 } })
 *   const client = new OpenAIChatClient({ apiKey: 'test', baseURL: server.baseURL })
 *   …
 *   await server.close()
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { renderChatCompletionChunks, renderChatCompletionJson } from './chat-completions-wire'
import { renderResponsesEvents, renderResponsesJson } from './responses-wire'
import {
  IdSequence,
  type OpenAIEndpoint,
  type RecordedRequest,
  type ScriptedHttpError,
  type ScriptedReply,
  type ScriptedTurn,
  type SseEvent,
} from './scripted-replies'

export class LoopbackOpenAIServer {
  /** Every request received, in order (including the ones answered with errors). */
  readonly requests: RecordedRequest[] = []
  private readonly queue: ScriptedReply[] = []
  private readonly ids = new IdSequence()
  private readonly openResponses = new Set<ServerResponse>()
  /** The ids of the Responses kept, which a later request may continue (`previous_response_id`). */
  readonly storedResponseIds = new Set<string>()

  private constructor(
    private readonly server: Server,
    /** e.g. `http://127.0.0.1:41234` */
    readonly origin: string,
  ) {}

  static async start(): Promise<LoopbackOpenAIServer> {
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(0, '127.0.0.1', () => resolve())
    })
    const { port } = server.address() as AddressInfo
    const loopback = new LoopbackOpenAIServer(server, `http://127.0.0.1:${port}`)
    server.on('request', (request, response) => void loopback.handle(request, response))
    return loopback
  }

  /** The base URL to give an OpenAI client (`…/v1`). */
  get baseURL(): string {
    return `${this.origin}/v1`
  }

  /** Adds replies to the end of the queue; each request takes the next one. */
  enqueue(...replies: ScriptedReply[]): this {
    this.queue.push(...replies)
    return this
  }

  /** Queues `times` HTTP errors with the given status (e.g. to exercise the package's retries). */
  enqueueErrors(status: number, times: number, details: Omit<ScriptedHttpError, 'type' | 'status'> = {}): this {
    for (let i = 0; i < times; i++) this.queue.push({ type: 'http_error', status, ...details })
    return this
  }

  get pendingReplies(): number {
    return this.queue.length
  }

  /** The bodies of requests sent to one endpoint. */
  bodiesFor(endpoint: OpenAIEndpoint): any[] {
    return this.requests.filter((request) => request.endpoint === endpoint).map((request) => request.body)
  }

  /** Ends stalled replies, closes every connection and stops listening. */
  async close(): Promise<void> {
    for (const response of this.openResponses) response.destroy()
    this.openResponses.clear()
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    this.openResponses.add(response)
    response.on('close', () => this.openResponses.delete(response))
    const recorded = await this.record(request)
    const reply = this.queue.shift()
    if (!reply) {
      // 400 is not retried by the package, so a missing script entry fails fast and visibly.
      this.sendJson(response, 400, errorBody('Loopback server: no scripted reply left for this request.', 'no_script'))
      return
    }
    this.answer(reply, recorded, response)
  }

  private async record(request: IncomingMessage): Promise<RecordedRequest> {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    const url = new URL(request.url ?? '/', this.origin)
    let body: unknown
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      body = undefined
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      endpoint: endpointOf(url.pathname),
      body,
    }
    this.requests.push(recorded)
    return recorded
  }

  private answer(reply: ScriptedReply, request: RecordedRequest, response: ServerResponse): void {
    switch (reply.type) {
      case 'http_error':
        response.setHeader('retry-after-ms', String(reply.retryAfterMs ?? 1))
        this.sendJson(response, reply.status, errorBody(reply.message ?? `Scripted HTTP ${reply.status}`, reply.code))
        return
      case 'raw':
        response.writeHead(reply.status ?? 200, reply.headers ?? { 'content-type': 'application/json' })
        response.end(reply.body)
        return
      case 'sse':
        this.sendSse(response, reply.events)
        return
      default:
        this.answerTurn(reply, request, response)
    }
  }

  private answerTurn(turn: ScriptedTurn, request: RecordedRequest, response: ServerResponse): void {
    const model = typeof request.body?.model === 'string' ? request.body.model : 'loopback-model'
    const streaming = request.body?.stream === true
    if (request.endpoint === 'unknown') {
      this.sendJson(response, 404, errorBody(`Loopback server: unknown endpoint ${request.path}`, 'not_found'))
      return
    }
    const previous: unknown = request.endpoint === 'responses' ? request.body?.previous_response_id : undefined
    if (previous !== undefined && previous !== null && !this.storedResponseIds.has(String(previous))) {
      this.sendJson(response, 400, errorBody(`Previous response with id '${String(previous)}' not found.`, 'previous_response_not_found'))
      return
    }
    const kept = { store: request.body?.store !== false, previous_response_id: previous ?? null }
    if (!streaming) {
      if (turn.stallAfterEvents !== undefined) return // never answer: the client must abort
      const json = request.endpoint === 'responses' ? renderResponsesJson(turn, model, this.ids, kept) : renderChatCompletionJson(turn, model, this.ids)
      if (request.endpoint === 'responses' && kept.store) this.storedResponseIds.add(String(json.id))
      this.sendJson(response, 200, json)
      return
    }
    const events =
      request.endpoint === 'responses'
        ? renderResponsesEvents(turn, model, this.ids, kept)
        : renderChatCompletionChunks(turn, model, this.ids, request.body?.stream_options?.include_usage === true)
    if (request.endpoint === 'responses' && kept.store && turn.stallAfterEvents === undefined) {
      this.storedResponseIds.add(String((events[0]?.data as { response?: { id?: unknown } }).response?.id))
    }
    this.sendSse(response, events, turn.stallAfterEvents)
  }

  private sendJson(response: ServerResponse, status: number, body: unknown): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req_loopback_${this.requests.length}`,
    })
    response.end(JSON.stringify(body))
  }

  private sendSse(response: ServerResponse, events: SseEvent[], stallAfter?: number): void {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' })
    const sent = stallAfter === undefined ? events : events.slice(0, stallAfter)
    for (const event of sent) response.write(formatSse(event))
    if (stallAfter === undefined) response.end()
  }
}

export function startLoopbackOpenAIServer(): Promise<LoopbackOpenAIServer> {
  return LoopbackOpenAIServer.start()
}

function endpointOf(path: string): OpenAIEndpoint {
  if (path.endsWith('/responses')) return 'responses'
  if (path.endsWith('/chat/completions')) return 'chat_completions'
  return 'unknown'
}

function errorBody(message: string, code?: string): unknown {
  return { error: { message, type: 'loopback_error', param: null, code: code ?? null } }
}

function formatSse(event: SseEvent): string {
  const data = event.data === '[DONE]' ? '[DONE]' : JSON.stringify(event.data)
  return `${event.event ? `event: ${event.event}\n` : ''}data: ${data}\n\n`
}
