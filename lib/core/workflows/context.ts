/**
 * WorkflowContext: what an executor's handler can do while it runs. The concrete context is created
 * by the runner for each invocation and forwards everything to the run it belongs to.
 */
import type { WorkflowEvent } from './events'
import type { MessageGuard } from './guards'

export interface RequestInfoOptions {
  /** A stable id for the request; a random UUID when omitted. */
  requestId?: string
  /** Validates the response given for this request (zod schema or predicate). Not kept in checkpoints. */
  responseSchema?: MessageGuard
}

export interface WorkflowContext<TOut = unknown, TWorkflowOut = unknown> {
  readonly executorId: string
  /** Executors whose messages triggered this invocation (the workflow's name for the start message). */
  readonly sourceExecutorIds: readonly string[]
  /** Fires when the run is cancelled; pass it to anything slow. */
  readonly signal: AbortSignal
  /** True when the run was started with runStream(). */
  readonly isStreaming: boolean
  readonly workflowName: string
  /** Sends a message along this executor's outgoing edges; delivered in the next superstep. */
  sendMessage(message: TOut, targetId?: string): void
  /** Emits a workflow output (or an intermediate output, depending on the builder's designation). */
  yieldOutput(output: TWorkflowOut): void
  addEvent(event: WorkflowEvent): void
  /** Asks for outside input; the answer arrives in this executor's response handler. Returns the request id. */
  requestInfo<TRequest>(data: TRequest, options?: RequestInfoOptions): string
  getState<T = unknown>(key: string): T | undefined
  getState<T>(key: string, defaultValue: T): T
  /** Staged until the end of the superstep. */
  setState(key: string, value: unknown): void
  hasState(key: string): boolean
  deleteState(key: string): void
}
