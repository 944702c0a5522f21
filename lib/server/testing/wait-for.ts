import { TERMINAL_RUN_STATUSES, type RunView } from '@/lib/contracts/runs'
import type { RunEventLog } from '../runs/events/run-event-log'

/** Polls `probe` every 50 ms until it gives a value (the test's own timeout bounds the wait). */
export async function waitFor<T>(probe: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const END_EVENTS = new Set(['run_succeeded', 'run_failed', 'run_cancelled'])

/**
 * Waits until a run has ended and its final event is in the log. The status changes first and the
 * event is appended right after it, so a test that read the events as soon as the status was final
 * could miss the last one. `runs.get` reads the run as someone who may see it, e.g.
 * `{ get: (id) => runService.get(owner, id) }`.
 */
export function waitForRunEnd(
  runs: { get(runId: string): Promise<Pick<RunView, 'run'>> },
  events: Pick<RunEventLog, 'listAfter'>,
  runId: string,
): Promise<RunView['run']> {
  return waitFor(async () => {
    const { run } = await runs.get(runId)
    if (!TERMINAL_RUN_STATUSES.includes(run.status)) return undefined
    const logged = await events.listAfter(runId, 0, 100_000)
    return logged.some((event) => END_EVENTS.has(event.type)) ? run : undefined
  })
}
