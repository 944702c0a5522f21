import { MCPConfigurationError } from '../errors'

export interface MCPTaskOptionsInit {
  /** Sent as `params.task.ttl` (ms); unset lets the server choose. */
  defaultTtlMs?: number
  /** Only gates local cancellation (an aborted signal); abandonment always cancels. */
  cancelRemoteTaskOnLocalCancellation?: boolean
  /** Client-side bound on the whole post-create lifecycle (polls, sleeps, sends, reconnects). */
  maxTaskWaitMs?: number
  /** How often to poll tasks/get when the server suggests a shorter interval (bounded to 0.5–5 s); unset follows the server. */
  pollIntervalMs?: number
}

/**
 * How MCPTool drives the long-running task lifecycle for tools whose `execution.taskSupport`
 * is "required". Immutable: replace the whole object to change behaviour.
 */
export class MCPTaskOptions {
  readonly defaultTtlMs: number | undefined
  readonly cancelRemoteTaskOnLocalCancellation: boolean
  readonly maxTaskWaitMs: number | undefined
  readonly pollIntervalMs: number | undefined

  constructor(init: MCPTaskOptionsInit = {}) {
    if (init.defaultTtlMs !== undefined && !(init.defaultTtlMs > 0)) {
      throw new MCPConfigurationError('MCPTaskOptions.defaultTtlMs must be positive.')
    }
    if (init.maxTaskWaitMs !== undefined && !(init.maxTaskWaitMs > 0)) {
      throw new MCPConfigurationError('MCPTaskOptions.maxTaskWaitMs must be positive.')
    }
    this.defaultTtlMs = init.defaultTtlMs === undefined ? undefined : Math.round(init.defaultTtlMs)
    this.cancelRemoteTaskOnLocalCancellation = init.cancelRemoteTaskOnLocalCancellation ?? true
    if (init.pollIntervalMs !== undefined && !(init.pollIntervalMs > 0)) {
      throw new MCPConfigurationError('MCPTaskOptions.pollIntervalMs must be positive.')
    }
    this.maxTaskWaitMs = init.maxTaskWaitMs
    this.pollIntervalMs = init.pollIntervalMs
    Object.freeze(this)
  }
}
