/**
 * The part of a run's watcher that acts on `mcp_task_cancel_requested` events: it reads the run's
 * events after the last one it saw and hands each request to the task registry, which asks the
 * task's server to cancel it. It sleeps until the event log says the run has something new
 * (RunEventLog.subscribe: an append in this process, a NOTIFY from another, or a reconnect of the
 * notification connection), so a request made in any process is acted on at once, with no polling.
 * When the server does not accept the cancel, an `mcp_task_cancel_failed` event says so, and the
 * person can try again.
 */
import { MCP_TASK_CANCEL_FAILED_EVENT, MCP_TASK_CANCEL_REQUESTED_EVENT, type McpTaskCancelFailedData } from '@/lib/contracts/run-events'
import type { AppContext } from '../app-context'
import { MCP_TASK_CANCEL_FAILED_MESSAGE } from './mcp-task-events'

export interface TaskCancelWatch {
  app: Pick<AppContext, 'events' | 'mcpTasks'>
  runId: string
  /** Ends the watch (when the run is over). */
  signal: AbortSignal
}

/** Resolves once `signal` fires; never rejects (a failed read is logged and retried on the next wake). */
export async function watchTaskCancelRequests({ app, runId, signal }: TaskCancelWatch): Promise<void> {
  const registry = app.mcpTasks
  let after = 0
  // Set by every wake; cleared when a round begins, so a wake during a read brings another round.
  let woken = true
  let wake: (() => void) | undefined
  const onWake = () => {
    woken = true
    wake?.()
  }
  signal.addEventListener('abort', onWake, { once: true })
  let unsubscribe: (() => void) | undefined
  try {
    // The worker watching its own run: cancel requests come as lone appends, which notify by themselves; its batches need no announcing.
    unsubscribe = await app.events.subscribe(runId, onWake, { follow: false })
    while (!signal.aborted) {
      if (!woken) await new Promise<void>((resolve) => (wake = resolve))
      wake = undefined
      woken = false
      // With no live task here there is nothing to cancel. A task becomes live before its first
      // status event is appended, and that append wakes this watch: the requests are read then.
      if (registry.hasLiveTasks(runId)) after = await readRequests(app, runId, after)
    }
  } catch (error) {
    console.warn(`[worker] could not watch the cancel requests of run ${runId}:`, error instanceof Error ? error.message : error)
  } finally {
    signal.removeEventListener('abort', onWake)
    unsubscribe?.()
  }
}

async function readRequests(app: Pick<AppContext, 'events' | 'mcpTasks'>, runId: string, after: number): Promise<number> {
  const registry = app.mcpTasks
  try {
    for (;;) {
      const events = await app.events.listAfter(runId, after)
      for (const event of events) {
        after = event.sequence
        if (event.type !== MCP_TASK_CANCEL_REQUESTED_EVENT) continue
        const { serverId, taskId } = (event.data ?? {}) as { serverId?: unknown; taskId?: unknown }
        if (typeof serverId === 'string' && typeof taskId === 'string') {
          registry.requestCancel(runId, serverId, taskId, () => recordCancelFailed(app, runId, serverId, taskId))
        }
      }
      if (events.length === 0) return after
    }
  } catch (error) {
    console.warn(`[worker] could not read the cancel requests of run ${runId}:`, error instanceof Error ? error.message : error)
    return after
  }
}

function recordCancelFailed(app: Pick<AppContext, 'events'>, runId: string, serverId: string, taskId: string): void {
  const data: McpTaskCancelFailedData = { serverId, taskId, message: MCP_TASK_CANCEL_FAILED_MESSAGE }
  app.events.append(runId, MCP_TASK_CANCEL_FAILED_EVENT, data).catch((error: unknown) => {
    console.warn(`[worker] could not record the failed cancel of task ${taskId} in run ${runId}:`, error instanceof Error ? error.message : error)
  })
}
