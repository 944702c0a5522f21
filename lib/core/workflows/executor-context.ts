/* eslint-disable @typescript-eslint/no-explicit-any -- executors, edge conditions and agents are stored side by side whatever their message types; `any` in these type-parameter defaults and callback parameters keeps user callbacks such as `(text: string) => …` assignable (unknown would reject them under strictFunctionTypes). */
/**
 * The WorkflowContext handed to one executor invocation. It is a thin view onto the runner: sends
 * are queued for the next superstep, outputs and events go straight to the run's event sink.
 */
import type { RequestInfoOptions, WorkflowContext } from './context'
import type { ExecutorNode, WorkflowMessage } from './edge-runners'
import type { WorkflowEvent } from './events'
import type { RunCall } from './run-call'
import type { WorkflowState } from './state'

/** What a context asks of the superstep runner (the SuperstepEngine implements it; the context never imports it). */
export interface ContextHost {
  readonly workflowName: string
  readonly state: WorkflowState
  enqueue(message: WorkflowMessage): void
  addRequest(call: RunCall, executorId: string, data: unknown, options: RequestInfoOptions): string
}

export class ExecutorContext implements WorkflowContext<any, any> {
  /** Messages this invocation sent (for the executor_completed event); allocated on first send. */
  sent?: unknown[]

  constructor(
    private readonly runner: ContextHost,
    private readonly call: RunCall,
    private readonly node: ExecutorNode,
    readonly sourceExecutorIds: readonly string[],
  ) {}

  get executorId(): string {
    return this.node.id
  }

  get signal(): AbortSignal {
    return this.call.signal
  }

  get isStreaming(): boolean {
    return this.call.streaming
  }

  get workflowName(): string {
    return this.runner.workflowName
  }

  sendMessage(message: unknown, targetId?: string): void {
    const node = this.node
    this.runner.enqueue(
      targetId === undefined ? { data: message, sourceId: node.id, source: node } : { data: message, sourceId: node.id, targetId, source: node },
    )
    if (this.sent) this.sent.push(message)
    else this.sent = [message]
  }

  yieldOutput(output: unknown): void {
    const kind = this.node.outputKind
    if (kind === 'output') this.call.emit({ type: 'output', executorId: this.node.id, data: output })
    else if (kind === 'intermediate') this.call.emit({ type: 'intermediate', executorId: this.node.id, data: output })
  }

  addEvent(event: WorkflowEvent): void {
    this.call.emit(event)
  }

  requestInfo<TRequest>(data: TRequest, options: RequestInfoOptions = {}): string {
    return this.runner.addRequest(this.call, this.node.id, data, options)
  }

  getState<T = unknown>(key: string, defaultValue?: T): T {
    const state = this.runner.state
    return (state.has(key) ? state.get(key) : defaultValue) as T
  }

  setState(key: string, value: unknown): void {
    this.runner.state.set(key, value)
  }

  hasState(key: string): boolean {
    return this.runner.state.has(key)
  }

  deleteState(key: string): void {
    this.runner.state.delete(key)
  }
}
