/**
 * Follows a run for a request that waits for it (a `/v1/responses` call, an `/mcp` tool call): its
 * events in order, as they are written, until it ends (or, if asked, stops to wait for people).
 *
 * - A run this process executes now (run-now.ts) hands its events over in memory as its writer
 *   stores them (local-run-feed.ts): nothing is read back. Events others appended in between (a
 *   cancel, `mcp_connected`) show as a gap in the numbers and are read from the log.
 * - Any other run, and a local one once it left this process: the events stored after the last one
 *   seen, then each new page as the event log announces it (RunEventLog.subscribe: appends in this
 *   process, NOTIFY from others). A slow look at the run's status (as run-event-stream.ts does)
 *   covers a lost notification and a run marked ended whose final event never came.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { TERMINAL_RUN_STATUSES, type RunStatus } from '@/lib/contracts/runs'
import type { AppContext } from '../../app-context'
import type { LocalRunFeed } from './local-run-feed'
import { FINAL_EVENT_TYPES } from './run-event-log'

const PAGE_SIZE = 200
const STATUS_CHECK_MS = 2_500

export type FollowerApp = Pick<AppContext, 'events' | 'db' | 'localWorker'>

/** Why following stopped: the run ended, it waits for an approval, or the caller went away. */
export type FollowEnd = 'ended' | 'waiting' | 'aborted'

export interface RunEventsOptions {
  /** Events after this sequence are yielded (0: all of them). */
  after?: number
  /** Stop after the events that hold an `approval_requested` (the run parks on it: nothing more comes until someone answers). */
  untilParked?: boolean
}

/** Where following stands: the last event yielded, and what the events so far say. */
interface Position {
  last: number
  end?: FollowEnd
  parked: boolean
}

/** Yields the run's events in order; returns why it stopped. */
export async function* runEvents(app: FollowerApp, runId: string, signal: AbortSignal, options: RunEventsOptions = {}): AsyncGenerator<RunEvent, FollowEnd> {
  const pages = runEventPages(app, runId, signal, options)
  try {
    for (;;) {
      const next = await pages.next()
      if (next.done) return next.value
      for (const event of next.value) yield event
    }
  } finally {
    await pages.return('aborted')
  }
}

/**
 * The run's events in order, a page at a time (what the feed or the log had at once), never empty; returns why it
 * stopped. Pages, not events, pass through the generators: each step of an async generator costs promises, and a run
 * followed where it executes hands over a superstep's events at once.
 */
async function* runEventPages(
  app: FollowerApp,
  runId: string,
  signal: AbortSignal,
  { after = 0, untilParked = true }: RunEventsOptions,
): AsyncGenerator<RunEvent[], FollowEnd> {
  const at: Position = { last: after, parked: false }
  const feed = app.localWorker?.feedOf(runId)
  if (feed) {
    yield* fromFeed(app, runId, feed, signal, at, untilParked)
    if (at.end) return at.end
  }
  return yield* fromLog(app, runId, signal, at, untilParked)
}

/** The events of `events` not yet taken, up to and including a final one; moves `at` past them. */
function take(events: readonly RunEvent[], at: Position, into: RunEvent[] = []): RunEvent[] {
  for (const event of events) {
    if (at.end) break
    if (event.sequence <= at.last) continue
    into.push(event)
    at.last = event.sequence
    if (FINAL_EVENT_TYPES.has(event.type)) at.end = 'ended'
    if (event.type === 'approval_requested') at.parked = true
  }
  return into
}

async function* fromFeed(app: FollowerApp, runId: string, feed: LocalRunFeed, signal: AbortSignal, at: Position, untilParked: boolean) {
  for (;;) {
    if (signal.aborted) {
      at.end = 'aborted'
      return
    }
    // Read before the events: a feed closed by then holds everything it will (its end pushed with the last batch).
    const closed = feed.closed
    const page: RunEvent[] = []
    for (const event of feed.after(at.last)) {
      if (event.sequence > at.last + 1) take(await app.events.listAfter(runId, at.last, event.sequence - at.last - 1), at, page)
      take([event], at, page)
      if (at.end) break
    }
    if (page.length > 0) yield page
    if (at.end) return
    if (at.parked && untilParked) {
      at.end = 'waiting'
      return
    }
    // Events pushed while the page was being handled woke nobody: look again before waiting.
    if (page.length > 0) continue
    if (closed) return
    await feed.changed(signal)
  }
}

async function* fromLog(app: FollowerApp, runId: string, signal: AbortSignal, at: Position, untilParked: boolean): AsyncGenerator<RunEvent[], FollowEnd> {
  let woken = false
  let wake: (() => void) | undefined
  const onAppend = () => {
    woken = true
    wake?.()
  }
  const onAbort = () => wake?.()
  signal.addEventListener('abort', onAbort)
  // Subscribed before the first read, so an event appended meanwhile wakes the next one.
  const unsubscribe = await app.events.subscribe(runId, onAppend)
  try {
    for (;;) {
      if (signal.aborted) return 'aborted'
      woken = false
      const events = await app.events.listAfter(runId, at.last, PAGE_SIZE)
      const page = take(events, at)
      if (page.length > 0) yield page
      if (at.end) return at.end
      if (at.parked && untilParked) return 'waiting'
      if (events.length === PAGE_SIZE || woken) continue
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, STATUS_CHECK_MS)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
      if (!woken && !signal.aborted) {
        const status = await runStatus(app, runId)
        const stopped = status === undefined || TERMINAL_RUN_STATUSES.includes(status) || (untilParked && status === 'waiting')
        // Ended or parked without our having heard: one more read takes what it wrote, then stop.
        if (stopped) {
          const last = take(await app.events.listAfter(runId, at.last, PAGE_SIZE), at)
          if (last.length > 0) yield last
          return status === 'waiting' ? 'waiting' : 'ended'
        }
      }
    }
  } finally {
    signal.removeEventListener('abort', onAbort)
    unsubscribe()
  }
}

async function runStatus(app: FollowerApp, runId: string): Promise<RunStatus | undefined> {
  const run = await app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
  return run?.status
}

export interface FollowOptions {
  /** Events after this sequence are handed to onEvent (0: all of them). */
  after?: number
  onEvent?: (event: RunEvent) => void | Promise<void>
  /** Stops following (the run goes on). */
  signal?: AbortSignal
}

/**
 * Resolves once the run has ended, with its final event (undefined when it has none: it was
 * marked ended by a process that died mid-write), or once `signal` aborted (undefined). Its events
 * from `after` on are handed to `onEvent` in order; a run waiting for people is followed on.
 */
export async function followRun(app: FollowerApp, runId: string, { after = 0, onEvent, signal }: FollowOptions = {}): Promise<RunEvent | undefined> {
  const pages = runEventPages(app, runId, signal ?? new AbortController().signal, { after, untilParked: false })
  try {
    for (;;) {
      const next = await pages.next()
      if (next.done) return undefined
      for (const event of next.value) {
        // Awaited only when it returns a promise: most callers' onEvent is synchronous, and a run has many events.
        const handled = onEvent?.(event)
        if (handled) await handled
        if (FINAL_EVENT_TYPES.has(event.type)) return event
      }
    }
  } finally {
    // Stops following (unsubscribes) however this ends: the final event, the run gone quiet, or onEvent throwing.
    await pages.return('ended')
  }
}
