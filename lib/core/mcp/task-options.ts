import { MCPConfigurationError } from '../errors'

export interface MCPTaskOptionsInit {
  /** Sent as `params.task.ttl` (ms); unset lets the server choose. */
  defaultTtlMs?: number
  /** Only gates local cancellation (an aborted signal); abandonment always cancels. */
  cancelRemoteTaskOnLocalCancellation?: boolean
  /** Client-side bound on the whole post-create lifecycle (polls, sleeps, sends, reconnects). */
  maxTaskWaitMs?: number
}

/**
 * How MCPTool drives the long-running task lifecycle for tools whose `execution.taskSupport`
 * is "required". Immutable: replace the whole object to change behaviour.
 */
export class MCPTaskOptions {
  readonly defaultTtlMs: number | undefined
  readonly cancelRemoteTaskOnLocalCancellation: boolean
  readonly maxTaskWaitMs: number | undefined

  constructor(init: MCPTaskOptionsInit = {}) {
    if (init.defaultTtlMs !== undefined && !(init.defaultTtlMs > 0)) {
      throw new MCPConfigurationError('MCPTaskOptions.defaultTtlMs must be positive.')
    }
    if (init.maxTaskWaitMs !== undefined && !(init.maxTaskWaitMs > 0)) {
      throw new MCPConfigurationError('MCPTaskOptions.maxTaskWaitMs must be positive.')
    }
    this.defaultTtlMs = init.defaultTtlMs === undefined ? undefined : Math.round(init.defaultTtlMs)
    this.cancelRemoteTaskOnLocalCancellation = init.cancelRemoteTaskOnLocalCancellation ?? true
    this.maxTaskWaitMs = init.maxTaskWaitMs
    Object.freeze(this)
  }
}
