/**
 * The part of a run's watcher that acts on `mcp_task_cancel_requested` events: it reads the run's
 * events after the last one it saw and hands each request to the task registry, which asks the
 * task's server to cancel it. A request made in this process wakes it at once (the event log's
 * waitForAppend); one made elsewhere is seen within `pollMs`. When the server does not accept the
 * cancel, an `mcp_task_cancel_failed` event says so, and the person can try again.
 */
import { MCP_TASK_CANCEL_FAILED_EVENT, MCP_TASK_CANCEL_REQUESTED_EVENT, type McpTaskCancelFailedData } from '@/lib/contracts/run-events'
import type { AppContext } from '../app-context'
import { MCP_TASK_CANCEL_FAILED_MESSAGE } from './mcp-task-events'

export interface TaskCancelWatch {
  app: Pick<AppContext, 'events' | 'mcpTasks'>
  runId: string
  pollMs: number
  /** Ends the watch (when the run is over). */
  signal: AbortSignal
}

/** Resolves once `signal` fires; never rejects (a failed read is logged and retried on the next round). */
export async function watchTaskCancelRequests({ app, runId, pollMs, signal }: TaskCancelWatch): Promise<void> {
  const registry = app.mcpTasks
  let after = 0
  while (!signal.aborted) {
    // Listen before reading, so that a request appended while the read is under way still wakes the next round.
    const appended = app.events.waitForAppend(runId, pollMs, signal)
    // With no live task here there is nothing to cancel: the events are read once one starts.
    if (registry.hasLiveTasks(runId)) after = await readRequests(app, runId, after)
    await appended
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
