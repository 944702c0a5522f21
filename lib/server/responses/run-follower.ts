/**
 * A run's stored events as they are written, for a Responses request that waits for its run: the
 * events after `afterSequence`, then each new page as the event log announces it (RunEventLog.subscribe:
 * appends in this process, NOTIFY from others), until the run ends or stops to wait for people.
 * A slow look at the run's status (as run-event-stream.ts does) covers a lost notification.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { TERMINAL_RUN_STATUSES, type RunStatus } from '@/lib/contracts/runs'
import type { AppContext } from '../app-context'
import { FINAL_EVENT_TYPES } from '../runs/run-event-log'

const PAGE_SIZE = 200
const STATUS_CHECK_MS = 2_500

export type FollowerApp = Pick<AppContext, 'events' | 'db'>

/** Why following stopped: the run ended, it waits for an approval, or the caller went away. */
export type FollowEnd = 'ended' | 'waiting' | 'aborted'

/**
 * Yields the run's events in order; returns why it stopped. It stops after a page holding an
 * `approval_requested` (the run parks on it: nothing more comes until someone answers in the app).
 */
export async function* followRun(app: FollowerApp, runId: string, signal: AbortSignal, afterSequence = 0): AsyncGenerator<RunEvent, FollowEnd> {
  let after = afterSequence
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
      const events = await app.events.listAfter(runId, after, PAGE_SIZE)
      let parked = false
      for (const event of events) {
        yield event
        after = event.sequence
        if (FINAL_EVENT_TYPES.has(event.type)) return 'ended'
        if (event.type === 'approval_requested') parked = true
      }
      if (parked) return 'waiting'
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
        // Ended or parked without our having heard: one more read takes what it wrote, then stop.
        if (status === undefined || status === 'waiting' || TERMINAL_RUN_STATUSES.includes(status)) {
          for (const event of await app.events.listAfter(runId, after, PAGE_SIZE)) yield event
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
