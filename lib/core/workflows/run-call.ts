import type { CheckpointStorage } from './checkpoint'
import type { WorkflowEvent } from './events'

/**
 * Everything that belongs to one call of run()/runStream() (its event sink, signal and checkpoint storage), as opposed
 * to what outlives it in ResumableState. Not an agent's session, a conversation or a sign-in session.
 */
export class RunCall {
  emittedPendingStatus = false
  failedExecutorId?: string

  constructor(
    readonly emit: (event: WorkflowEvent) => void,
    readonly signal: AbortSignal,
    readonly streaming: boolean,
    readonly checkpointStorage: CheckpointStorage | undefined,
    /** Lets a slow stream consumer hold the runner at superstep boundaries. */
    readonly waitForConsumer?: () => Promise<void> | undefined,
    /** WorkflowRunOptions.beforeNextSuperstep: the caller holds the runner between two supersteps. */
    readonly beforeNextSuperstep?: (completed: number) => Promise<void>,
  ) {}
}
