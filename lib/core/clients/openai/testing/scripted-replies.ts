/**
 * What the loopback server can be told to answer. A ScriptedTurn is API-neutral: the server
 * renders it for whichever endpoint was called (Responses or Chat Completions) and as JSON or
 * SSE depending on the request's `stream` flag, so one script drives both clients.
 */

export interface ScriptedToolCall {
  callId: string
  name: string
  /** The arguments JSON; an array is sent as that many streamed fragments (joined when not streaming). */
  arguments: string | string[]
}

export interface ScriptedTurn {
  type?: 'turn'
  /** Assistant text; an array is sent as that many streamed deltas (joined when not streaming). */
  text?: string | string[]
  reasoning?: string
  toolCalls?: ScriptedToolCall[]
  usage?: { inputTokens: number; outputTokens: number }
  /** Default: `tool_calls` when toolCalls are present, else `stop`. */
  finishReason?: 'stop' | 'length' | 'content_filter'
  /** Model reported back (default: the model the request asked for). */
  model?: string
  /**
   * For cancellation tests: when streaming, send this many SSE events and then go silent with the
   * connection open; when not streaming, never answer. The client is expected to abort.
   */
  stallAfterEvents?: number
}

/** An HTTP error in OpenAI's error shape. `retry-after-ms` keeps the package's retry pause short. */
export interface ScriptedHttpError {
  type: 'http_error'
  status: number
  message?: string
  code?: string
  retryAfterMs?: number
}

export interface SseEvent {
  /** The SSE `event:` field (Responses events carry their type here; Chat Completions chunks leave it out). */
  event?: string
  /** JSON-serialised into the `data:` field; the string `[DONE]` is sent verbatim. */
  data: unknown
}

/** Exactly these SSE events, for shapes the turn renderer does not produce (error events, odd servers). */
export interface ScriptedSse {
  type: 'sse'
  events: SseEvent[]
}

/** Exactly this HTTP reply. */
export interface ScriptedRaw {
  type: 'raw'
  status?: number
  headers?: Record<string, string>
  body: string
}

export type ScriptedReply = ScriptedTurn | ScriptedHttpError | ScriptedSse | ScriptedRaw

export type OpenAIEndpoint = 'responses' | 'chat_completions' | 'unknown'

export interface RecordedRequest {
  method: string
  /** Path without the query string, e.g. `/v1/responses` or `/openai/deployments/gpt/chat/completions`. */
  path: string
  query: Record<string, string>
  headers: Record<string, string | string[] | undefined>
  endpoint: OpenAIEndpoint
  /** The parsed JSON body (undefined when the body was not JSON). */
  body: any
}

/** Deterministic ids so tests can assert on them. */
export class IdSequence {
  private next = 1
  take(prefix: string): string {
    return `${prefix}_${this.next++}`
  }
}

export function joinFragments(value: string | string[] | undefined): string {
  if (value === undefined) return ''
  return Array.isArray(value) ? value.join('') : value
}

export function fragmentsOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

export function finishReasonOf(turn: ScriptedTurn): 'stop' | 'length' | 'content_filter' | 'tool_calls' {
  if (turn.finishReason) return turn.finishReason
  return turn.toolCalls && turn.toolCalls.length > 0 ? 'tool_calls' : 'stop'
}
