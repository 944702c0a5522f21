import type { CheckpointStorage } from './checkpoint'
import type { WorkflowEvent } from './events'

/** Everything that belongs to one run()/runStream() call. */
export class RunSession {
  emittedPendingStatus = false
  failedExecutorId?: string

  constructor(
    readonly emit: (event: WorkflowEvent) => void,
    readonly signal: AbortSignal,
    readonly streaming: boolean,
    readonly checkpointStorage: CheckpointStorage | undefined,
    /** Lets a slow stream consumer hold the runner at superstep boundaries. */
    readonly waitForConsumer?: () => Promise<void> | undefined,
  ) {}
}
