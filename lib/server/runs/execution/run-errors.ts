/** Why a run could not start or finish, in words for the person who started it. */
import { UserError, WorkflowException } from '@/lib/core'

/** Something the graph refers to (a server, a sub-workflow) is missing. */
export class MissingRunResourceError extends UserError {
  override readonly code = 'missing_run_resource'
}

/** The engine reported the workflow failed (the event names the executor and the cause). */
export class WorkflowRunFailedError extends WorkflowException {
  override readonly code = 'workflow_run_failed'
}

/** Why a run stopped at its workflow's superstep limit, and what the person can change. */
export function stepLimitMessage(maxSupersteps: number): string {
  return `The run stopped after ${maxSupersteps} steps, the most this workflow may take: raise Max steps in Settings, or check for a loop that never ends.`
}

/**
 * The abort reason given to what a run started when it leaves this worker (its watchers, its signal's listeners): one
 * AbortError made once, not one per run (a DOMException captures a stack trace, and every run leaves).
 */
export const RUN_LEFT = new DOMException('The run left this worker.', 'AbortError')

/** The abort reason when a worker shuts down with runs still in progress. */
export class WorkerShutdownError extends WorkflowException {
  override readonly code = 'worker_shutdown'
  constructor() {
    super('The server stopped while this run was in progress.')
  }
}

export function isWorkerShutdown(reason: unknown): boolean {
  return (reason as { code?: unknown } | null)?.code === 'worker_shutdown'
}

/** The abort reason when this worker lost a run's lease (it froze past it; another worker took over). */
export class LeaseLostError extends WorkflowException {
  override readonly code = 'lease_lost'
  constructor() {
    super('Another worker took this run over.')
  }
}

export function isLeaseLost(reason: unknown): boolean {
  return (reason as { code?: unknown } | null)?.code === 'lease_lost'
}
