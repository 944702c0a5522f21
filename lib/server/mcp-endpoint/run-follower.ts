/**
 * Follows a run started through `/mcp` until it ends: its events as they are stored (for progress
 * notifications), woken by the run event log (appends here, NOTIFY from other processes), not by
 * polling. The run's status is looked at now and then only for the rare run marked ended whose
 * final event never came (its process died mid-write), as run-event-stream.ts does.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { isTerminalStatus } from '@/lib/contracts/runs'
import type { AppContext } from '../app-context'
import { FINAL_EVENT_TYPES } from '../runs/run-event-log'

const STATUS_CHECK_MS = 2_500

export type RunFollowerApp = Pick<AppContext, 'events' | 'db'>

export interface FollowOptions {
  /** Events after this sequence are handed to onEvent (0: all of them). */
  after?: number
  onEvent?: (event: RunEvent) => void | Promise<void>
  /** Stops following (the run goes on). */
  signal?: AbortSignal
}

/**
 * Resolves once the run has ended (with its final event, if it has one) or `signal` aborted (with
 * undefined): its events from `after` on are handed to `onEvent` in order.
 */
export async function followRun(app: RunFollowerApp, runId: string, { after = 0, onEvent, signal }: FollowOptions = {}): Promise<RunEvent | undefined> {
  let wake: (() => void) | undefined
  let woken = true
  const onAppend = () => {
    woken = true
    wake?.()
  }
  const unsubscribe = await app.events.subscribe(runId, onAppend)
  signal?.addEventListener('abort', onAppend, { once: true })
  try {
    let last = after
    while (!signal?.aborted) {
      if (woken) {
        woken = false
        for (const event of await app.events.listAfter(runId, last)) {
          last = event.sequence
          await onEvent?.(event)
          if (FINAL_EVENT_TYPES.has(event.type)) return event
        }
        continue
      }
      const timedOut = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), STATUS_CHECK_MS)
        wake = () => {
          clearTimeout(timer)
          resolve(false)
        }
      })
      wake = undefined
      if (timedOut && (await runEnded(app, runId))) {
        // Whatever was stored last is read once more before giving up on a final event.
        for (const event of await app.events.listAfter(runId, last)) await onEvent?.(event)
        return undefined
      }
      woken ||= timedOut
    }
    return undefined
  } finally {
    signal?.removeEventListener('abort', onAppend)
    unsubscribe()
  }
}

async function runEnded(app: RunFollowerApp, runId: string): Promise<boolean> {
  const row = await app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true } })
  return !row || isTerminalStatus(row.status)
}
