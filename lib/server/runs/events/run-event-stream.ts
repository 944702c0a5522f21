/**
 * A run's events as Server-Sent Events. Each event carries its sequence as the SSE id, so a
 * browser that reconnects (EventSource sends Last-Event-ID) continues where it stopped. The
 * stream ends with `event: end` once the run's final event has been sent.
 *
 * Nothing polls per client: the stream reads what is stored after its resume point, then sleeps
 * until the event log says the run has something new (RunEventLog.subscribe: appends in this
 * process, NOTIFY from others). A run this process executes is read from its feed, the rest from the
 * log (run-event-cursor.ts). It is pull-based: a page of events is read only when the client has
 * taken the previous one, so a slow client leaves its unsent events in Postgres (or in the run's
 * bounded feed) rather than in this stream's memory, and never slows the run that writes them.
 */
import type { AppContext } from '../../app-context'
import { PG_INT_MAX } from '@/lib/contracts/safe-text'
import type { RunEvent } from '@/lib/contracts/run-events'
import { TERMINAL_RUN_STATUSES } from '@/lib/contracts/runs'
import { RunEventCursor } from './run-event-cursor'
import { FINAL_EVENT_TYPES } from './run-event-log'

/** Events read (and held) per client at a time: one page waits in the stream's queue, no more. */
export const EVENT_PAGE_SIZE = 100
const HEARTBEAT_MS = 15_000
// A run marked finished whose final event never shows (its process died mid-write) still ends the stream.
const FINISHED_GRACE_MS = 5_000
// The run's status has no notifications, but it only matters for that rare ending: a slow look suffices.
const STATUS_CHECK_MS = 2_500

const RETRY_FRAME = 'retry: 1000\n\n'
const KEEP_ALIVE_FRAME = ': keep-alive\n\n'
const END_FRAME = 'event: end\ndata: {}\n\n'

const eventFrame = (event: RunEvent) => `id: ${event.sequence}\ndata: ${JSON.stringify(event)}\n\n`

export type RunEventStreamApp = Pick<AppContext, 'events' | 'db' | 'localWorker'>

export function runEventStream(
  app: RunEventStreamApp,
  runId: string,
  afterSequence: number,
  signal: AbortSignal,
  /**
   * The caller marked the run followed already (RunService.follow), committed before this stream's first read. Else the
   * stream marks it, when it subscribes or, for a run this process executes, once the run leaves.
   */
  { followed = false }: { followed?: boolean } = {},
): ReadableStream<Uint8Array> {
  const source = new RunEventSource(app, runId, afterSequence, signal, followed)
  // One chunk (a page of events, a keep-alive or the end) may wait for the client; pull() runs only when it was taken.
  return new ReadableStream<Uint8Array>(source, new CountQueuingStrategy({ highWaterMark: 1 }))
}

/** What `pull` found to send, or why the stream ends. */
type Next = { send: string; end: boolean } | { stop: true }

class RunEventSource implements UnderlyingDefaultSource<Uint8Array> {
  private readonly encoder = new TextEncoder()
  private readonly cursor: RunEventCursor
  private lastWrite = Date.now()
  private nextStatusCheck = 0
  private finishedSince: number | undefined
  private wake: (() => void) | undefined
  private unsubscribe: (() => void) | undefined
  private released = false

  constructor(
    private readonly app: RunEventStreamApp,
    private readonly runId: string,
    afterSequence: number,
    private readonly signal: AbortSignal,
    followed: boolean,
  ) {
    this.cursor = new RunEventCursor(app, runId, afterSequence, { marked: followed })
  }

  async start(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    this.signal.addEventListener('abort', this.release, { once: true })
    if (this.signal.aborted) this.release()
    controller.enqueue(this.encoder.encode(RETRY_FRAME))
    const unsubscribe = await this.cursor.subscribe(() => this.wake?.())
    if (this.released) unsubscribe()
    else this.unsubscribe = unsubscribe
  }

  async pull(controller: ReadableStreamDefaultController<Uint8Array>): Promise<void> {
    let next: Next
    try {
      next = await this.next()
    } catch (error) {
      // The client reconnects by itself (retry:) and resumes after the last id it got.
      if (!this.released) console.error(`[sse] run ${this.runId}:`, (error as Error).message)
      next = { stop: true }
    }
    if (!this.released && 'send' in next) {
      controller.enqueue(this.encoder.encode(next.send))
      this.lastWrite = Date.now()
      if (!next.end) return
    }
    this.release()
    try {
      controller.close()
    } catch {
      // The client went away first (the stream was cancelled).
    }
  }

  /** The client went away (the response body was cancelled). */
  cancel(): void {
    this.release()
  }

  /** Waits, if need be, until there is something to send: events, a keep-alive, or the end. */
  private async next(): Promise<Next> {
    for (;;) {
      if (this.released) return { stop: true }
      const events = await this.cursor.read(EVENT_PAGE_SIZE)
      if (events.length > 0) return this.page(events)
      // A run executing here ends through its feed, or its worker wakes this stream as it leaves: no status look.
      const local = this.cursor.local
      if (!local && Date.now() >= this.nextStatusCheck && (await this.runIsOver())) return { send: END_FRAME, end: true }
      if (Date.now() - this.lastWrite >= HEARTBEAT_MS) return { send: KEEP_ALIVE_FRAME, end: false }
      const heartbeatAt = this.lastWrite + HEARTBEAT_MS
      if (!this.cursor.behind) await this.sleep((local ? heartbeatAt : Math.min(heartbeatAt, this.nextStatusCheck)) - Date.now())
    }
  }

  /** The page's events up to and including a final one, after which the stream ends. */
  private page(events: RunEvent[]): Next {
    const finalAt = events.findIndex((event) => FINAL_EVENT_TYPES.has(event.type))
    const sent = finalAt >= 0 ? events.slice(0, finalAt + 1) : events
    const text = sent.map(eventFrame).join('')
    return finalAt >= 0 ? { send: text + END_FRAME, end: true } : { send: text, end: false }
  }

  /** True when the run is gone, or marked finished for longer than the grace period without its final event. */
  private async runIsOver(): Promise<boolean> {
    this.nextStatusCheck = Date.now() + STATUS_CHECK_MS
    const run = await this.app.db.prisma.run.findUnique({ where: { id: this.runId }, select: { status: true } })
    if (!run) return true
    if (!TERMINAL_RUN_STATUSES.includes(run.status)) return false
    this.finishedSince ??= Date.now()
    return Date.now() - this.finishedSince > FINISHED_GRACE_MS
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), Math.max(ms, 0))
      this.wake = () => {
        clearTimeout(timer)
        this.wake = undefined
        resolve()
      }
    })
  }

  /** Ends the subscription and any wait: the client went away, or the stream is over. */
  private readonly release = () => {
    if (this.released) return
    this.released = true
    this.signal.removeEventListener('abort', this.release)
    this.unsubscribe?.()
    this.unsubscribe = undefined
    this.wake?.()
  }
}

/**
 * The sequence to resume after: Last-Event-ID wins over ?after=. A header that is not a sequence
 * (sequences are int4) is ignored rather than refused: the browser sends it by itself on reconnect.
 */
export function resumePoint(request: Request, after: number | undefined): number {
  const header = request.headers.get('last-event-id')
  const fromHeader = header !== null && /^\d{1,10}$/.test(header) && Number(header) <= PG_INT_MAX ? Number(header) : undefined
  return fromHeader ?? after ?? 0
}
