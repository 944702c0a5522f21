/**
 * Follows `GET /api/runs/:id/events` (Server-Sent Events).
 *
 * While the EventSource is connecting again by itself it sends `Last-Event-ID`, so the server
 * resumes after the last event seen. When the browser gives up (the connection closed for
 * good, e.g. the server answered an error), this opens a new EventSource with
 * `?after=<last sequence>` after a growing delay. Events at or below the last sequence are
 * dropped, so a resumed stream never delivers an event twice. `event: end` closes the stream.
 */
import { storedRunEventSchema, type RunEvent } from '@/lib/contracts/run-events'

export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'ended' | 'closed'

/** The part of the browser's EventSource this needs (also met by the `eventsource` package). */
export interface EventSourceLike {
  readonly readyState: number
  onopen: ((event: Event) => unknown) | null
  onmessage: ((event: MessageEvent) => unknown) | null
  onerror: ((event: Event) => unknown) | null
  addEventListener(type: string, listener: (event: MessageEvent) => void): void
  close(): void
}

export type EventSourceFactory = (url: string) => EventSourceLike

export interface RunEventStreamOptions {
  /** The events endpoint, e.g. `/api/runs/abc/events`. */
  url: string
  /** Resume after this sequence (0: from the first event). */
  after?: number
  onEvent: (event: RunEvent) => void
  onStateChange?: (state: StreamState) => void
  /** Defaults to the global EventSource. */
  createEventSource?: EventSourceFactory
  /** Delay before the n-th (1-based) fresh connection after the browser gave up. */
  retryDelayMs?: (attempt: number) => number
}

const EVENT_SOURCE_CLOSED = 2

export function defaultRetryDelayMs(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.min(attempt - 1, 5))
}

/** Parses one SSE `data:` payload; null when it is not a run event. */
export function parseRunEvent(raw: string): RunEvent | null {
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null) return null
  // An event without data or a time still shows: with no data, at the epoch.
  const parsed = storedRunEventSchema.safeParse({ data: null, createdAt: new Date(0).toISOString(), ...value })
  return parsed.success ? parsed.data : null
}

/** `url` with `after=<sequence>` set (kept relative when it was relative). */
export function withAfter(url: string, after: number): string {
  if (after <= 0) return url
  const [path, query = ''] = url.split('?', 2) as [string, string?]
  const params = new URLSearchParams(query)
  params.set('after', String(after))
  return `${path}?${params.toString()}`
}

export class RunEventStream {
  private source: EventSourceLike | null = null
  private retryTimer: ReturnType<typeof setTimeout> | null = null
  private attempts = 0
  private state: StreamState = 'closed'
  private sequence: number

  constructor(private readonly options: RunEventStreamOptions) {
    this.sequence = options.after ?? 0
  }

  /** The highest sequence delivered so far. */
  get lastSequence(): number {
    return this.sequence
  }

  get currentState(): StreamState {
    return this.state
  }

  start(): void {
    if (this.source || this.retryTimer) return
    this.connect()
  }

  /** Stops for good: no more events, no reconnects. */
  close(): void {
    this.stop()
    this.setState('closed')
  }

  private connect(): void {
    this.retryTimer = null
    const create = this.options.createEventSource ?? defaultEventSourceFactory
    const source = create(withAfter(this.options.url, this.sequence))
    this.source = source
    this.setState(this.attempts === 0 ? 'connecting' : 'reconnecting')
    source.onopen = () => {
      this.attempts = 0
      this.setState('open')
    }
    source.onmessage = (message) => this.deliver(message.data)
    source.addEventListener('end', () => {
      this.stop()
      this.setState('ended')
    })
    source.onerror = () => this.onError(source)
  }

  private deliver(raw: unknown): void {
    if (typeof raw !== 'string') return
    const event = parseRunEvent(raw)
    if (!event || event.sequence <= this.sequence) return
    this.sequence = event.sequence
    this.options.onEvent(event)
  }

  private onError(source: EventSourceLike): void {
    if (source !== this.source) return
    if (source.readyState !== EVENT_SOURCE_CLOSED) {
      // The EventSource reconnects by itself and sends Last-Event-ID.
      this.setState('reconnecting')
      return
    }
    source.close()
    this.source = null
    this.attempts += 1
    this.setState('reconnecting')
    const delay = (this.options.retryDelayMs ?? defaultRetryDelayMs)(this.attempts)
    this.retryTimer = setTimeout(() => this.connect(), delay)
  }

  private stop(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    if (this.source) {
      this.source.onopen = null
      this.source.onmessage = null
      this.source.onerror = null
      this.source.close()
    }
    this.source = null
  }

  private setState(state: StreamState): void {
    if (state === this.state) return
    this.state = state
    this.options.onStateChange?.(state)
  }
}

function defaultEventSourceFactory(url: string): EventSourceLike {
  return new EventSource(url)
}
