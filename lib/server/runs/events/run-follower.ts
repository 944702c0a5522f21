/**
 * Follows a run for a request that waits for it (a `/v1/responses` call, an `/mcp` tool call): its
 * events in order, as they are written, until it ends (or, if asked, stops to wait for people).
 * The events come from the run's feed while this process executes it, else from the log
 * (run-event-cursor.ts), each time the event log says the run has something new
 * (RunEventLog.subscribe: appends in this process, NOTIFY from others). While the run executes
 * elsewhere, a slow look at its status (as run-event-stream.ts does) covers a lost notification and
 * a run marked ended whose final event never came.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { TERMINAL_RUN_STATUSES, type RunStatus } from '@/lib/contracts/runs'
import type { AppContext } from '../../app-context'
import { RunEventCursor } from './run-event-cursor'
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

/** What the events so far say. */
interface Position {
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

/** The events of `events` up to and including a final one; notes in `at` what they say. */
function take(events: readonly RunEvent[], at: Position): RunEvent[] {
  const page: RunEvent[] = []
  for (const event of events) {
    page.push(event)
    if (event.type === 'approval_requested') at.parked = true
    if (FINAL_EVENT_TYPES.has(event.type)) {
      at.end = 'ended'
      break
    }
  }
  return page
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
  const at: Position = { parked: false }
  const cursor = new RunEventCursor(app, runId, after)
  let wake: (() => void) | undefined
  const onAbort = () => wake?.()
  signal.addEventListener('abort', onAbort)
  const unsubscribe = await cursor.subscribe(() => wake?.())
  try {
    for (;;) {
      if (signal.aborted) return 'aborted'
      const page = take(await cursor.read(PAGE_SIZE), at)
      if (page.length > 0) yield page
      if (at.end) return at.end
      if (at.parked && untilParked) return 'waiting'
      if (cursor.behind) continue
      let woke = false
      await new Promise<void>((resolve) => {
        // A run executing here ends through its feed, or its worker wakes its readers as it leaves: no status look.
        const timer = cursor.local ? undefined : setTimeout(resolve, STATUS_CHECK_MS)
        wake = () => {
          woke = true
          clearTimeout(timer)
          resolve()
        }
        if (cursor.behind || signal.aborted) wake()
      })
      wake = undefined
      if (!woke && !signal.aborted) {
        const status = await runStatus(app, runId)
        const stopped = status === undefined || TERMINAL_RUN_STATUSES.includes(status) || (untilParked && status === 'waiting')
        // Ended or parked without our having heard: one more read takes what it wrote, then stop.
        if (stopped) {
          cursor.woken()
          const last = take(await cursor.read(PAGE_SIZE), at)
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
