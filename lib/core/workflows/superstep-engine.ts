/**
 * The superstep engine (Pregel / BSP). Messages sent during superstep N are delivered in superstep
 * N+1; at each boundary staged state is committed and a checkpoint is taken. The run converges when
 * no messages remain.
 *
 * Delivery order follows the reference: messages of one source are offered to each of its edge
 * groups in send order; different sources and different edge groups proceed concurrently.
 *
 * What outlives one run() call (state, pending requests, undelivered messages, fan-in buffers) is
 * kept in ResumableState, so a run waiting for responses can be continued; per-call concerns (event
 * sink, signal, checkpoint storage) live in RunCall.
 */
import { randomUUID } from 'node:crypto'
import { abortable } from '../abort'
import { throwIfAborted } from '../errors'
import type { WorkflowCheckpoint } from './checkpoint'
import type { RequestInfoOptions } from './context'
import {
  DELIVERED,
  FILTERED,
  type DeliveryHost,
  type DeliveryResult,
  type EdgeRunner,
  type ExecutorNode,
  type FanInEdgeRunner,
  type WorkflowMessage,
} from './edge-runners'
import { encodeCheckpointValue, type JSONValue } from './encoding'
import { WorkflowConvergenceError, WorkflowResponseError } from './errors'
import { errorDetails, WorkflowRunState, type ExecutorCompletedEvent, type RequestInfoEvent } from './events'
import { describeType } from './executor'
import { ExecutorContext, type ContextHost } from './executor-context'
import type { CompiledGraph } from './graph'
import { guardAccepts } from './guards'
import { ResumableState, type PendingRequest, type ResponseDelivery } from './resumable-state'
import type { RunCall } from './run-call'
import { settleAll } from './settle'
import type { WorkflowState } from './state'
import { telemetry } from '../telemetry/telemetry-settings'
import { inSpan } from '../telemetry/tracing'
import { startExecutorSpan, startSuperstepSpan } from '../telemetry/workflow-spans'

/** The source id recorded for the start message, as in the reference. */
export const WORKFLOW_SOURCE_ID = 'Workflow'

export interface RunnerOptions {
  workflowName: string
  graphSignatureHash: string
  maxIterations: number
}

export class SuperstepEngine implements DeliveryHost, ContextHost {
  readonly workflowName: string
  readonly maxIterations: number
  private readonly memory: ResumableState
  private call?: RunCall

  constructor(
    readonly graph: CompiledGraph,
    options: RunnerOptions,
  ) {
    this.workflowName = options.workflowName
    this.maxIterations = options.maxIterations
    this.memory = new ResumableState(graph, options.workflowName, options.graphSignatureHash)
  }

  get state(): WorkflowState {
    return this.memory.state
  }

  get pendingRequests(): ReadonlyMap<string, PendingRequest> {
    return this.memory.pendingRequests
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Forgets everything from earlier runs. */
  resetForNewRun(): void {
    this.memory.reset()
  }

  /** Drops what a failed or cancelled superstep left half done; committed state is kept. */
  abandonInFlight(): void {
    this.memory.state.discardStaged()
    this.memory.outbox = []
    this.memory.responses = []
  }

  attach(call: RunCall): void {
    this.call = call
  }

  detach(): void {
    this.call = undefined
  }

  finalState(): WorkflowRunState {
    return this.pendingRequests.size > 0 ? WorkflowRunState.IDLE_WITH_PENDING_REQUESTS : WorkflowRunState.IDLE
  }

  // -------------------------------------------------------------------------------------------
  // Entry points

  /** Runs the start executor on the input message ("superstep 0"), then commits. */
  async executeStart(message: unknown): Promise<void> {
    const node = this.graph.nodes.get(this.graph.startExecutorId)!
    const call = this.call!
    await this.runExecutor(node, message, [WORKFLOW_SOURCE_ID], undefined)
    this.state.commit()
    if (call.checkpointStorage) await this.checkpoint(call)
    // Superstep 0 is a boundary like the others: without this hold, a pause before the node the start feeds is never reached.
    if (call.beforeNextSuperstep && this.memory.outbox.length > 0) await abortable(call.beforeNextSuperstep(0), call.signal)
  }

  /** Validates responses against pending requests and queues them for the next superstep. */
  acceptResponses(responses: Record<string, unknown>): void {
    const entries = Object.entries(responses)
    if (this.pendingRequests.size === 0) throw new WorkflowResponseError('No pending requests found in workflow context.')
    for (const [requestId, response] of entries) {
      const pending = this.pendingRequests.get(requestId)
      if (!pending) throw new WorkflowResponseError(`Response provided for unknown request ID: ${requestId}`)
      if (pending.responseSchema && !guardAccepts(pending.responseSchema, response)) {
        throw new WorkflowResponseError(`Response type mismatch for request ID ${requestId}: got ${describeType(response)}.`)
      }
      const node = this.graph.nodes.get(pending.event.executorId)
      if (!node?.executor.hasResponseHandler()) {
        throw new WorkflowResponseError(`Executor '${pending.event.executorId}' has no response handler for request ID ${requestId}.`)
      }
    }
    const memory = this.memory
    for (const [requestId, response] of entries) {
      const { event } = memory.pendingRequests.get(requestId)!
      memory.pendingRequests.delete(requestId)
      memory.responses.push({ requestId, executorId: event.executorId, request: event.data, response })
    }
    memory.requestsChanged()
  }

  async runUntilConvergence(call: RunCall): Promise<void> {
    const memory = this.memory
    const firstIteration = memory.iteration
    // At least one superstep, as the reference's loop runs one before it checks for convergence: a
    // start executor that sends nothing still shows as superstep 1 in the events.
    for (;;) {
      if (memory.iteration - firstIteration >= this.maxIterations) throw new WorkflowConvergenceError(this.maxIterations)
      throwIfAborted(call.signal)
      const iteration = ++memory.iteration
      call.emit({ type: 'superstep_started', iteration })
      if (telemetry.enabled) await inSpan(startSuperstepSpan(iteration), () => this.runIteration())
      else await this.runIteration()
      this.state.commit()
      if (call.checkpointStorage) await this.checkpoint(call)
      call.emit({ type: 'superstep_completed', iteration })
      const waiting = call.waitForConsumer?.()
      if (waiting) await waiting
      if (memory.outbox.length === 0 && memory.responses.length === 0) return
      // The caller's hold never outlasts the run: a cancel or shutdown ends the wait.
      if (call.beforeNextSuperstep) await abortable(call.beforeNextSuperstep(iteration), call.signal)
    }
  }

  // -------------------------------------------------------------------------------------------
  // One superstep

  private async runIteration(): Promise<void> {
    const memory = this.memory
    const batch = memory.outbox
    const responses = memory.responses
    memory.outbox = []
    memory.responses = []
    const work: Array<Promise<void>> = []
    if (responses.length > 0) work.push(...this.deliverResponses(responses))
    if (batch.length > 0) {
      const first = batch[0].sourceId
      let single = true
      for (let i = 1; i < batch.length; i++) {
        if (batch[i].sourceId !== first) {
          single = false
          break
        }
      }
      if (single) work.push(this.deliverFromSource(batch[0].source ?? this.graph.nodes.get(first), batch))
      else
        for (const [sourceId, messages] of groupBySource(batch))
          work.push(this.deliverFromSource(messages[0].source ?? this.graph.nodes.get(sourceId), messages))
    }
    if (work.length === 1) await work[0]
    else await settleAll(work)
  }

  private async deliverFromSource(source: ExecutorNode | undefined, messages: WorkflowMessage[]): Promise<void> {
    const sole = source?.soleRunner
    if (sole !== undefined) {
      for (const message of messages) {
        const result = await sole.send(message, this)
        if (result !== DELIVERED && result !== FILTERED) this.warnUndelivered(message)
      }
      return
    }
    // A terminal executor's messages have nowhere to go; that is expected, as in the reference.
    const runners = source?.runners
    if (!runners || runners.length === 0) return
    const accepted = new Uint8Array(messages.length)
    const perRunner = async (runner: EdgeRunner) => {
      for (let i = 0; i < messages.length; i++) {
        const result: DeliveryResult = await runner.send(messages[i], this)
        if (result === DELIVERED || result === FILTERED) accepted[i] = 1
      }
    }
    await settleAll(runners.map(perRunner))
    for (let i = 0; i < messages.length; i++) if (accepted[i] === 0) this.warnUndelivered(messages[i])
  }

  private deliverResponses(responses: ResponseDelivery[]): Array<Promise<void>> {
    const byExecutor = new Map<string, ResponseDelivery[]>()
    for (const response of responses) {
      const list = byExecutor.get(response.executorId)
      if (list) list.push(response)
      else byExecutor.set(response.executorId, [response])
    }
    return [...byExecutor].map(async ([executorId, list]) => {
      const node = this.graph.nodes.get(executorId)!
      for (const response of list) await this.runExecutor(node, response.response, [WORKFLOW_SOURCE_ID], response)
    })
  }

  private warnUndelivered(message: WorkflowMessage): void {
    const target = message.targetId === undefined ? '' : ` to '${message.targetId}'`
    this.warn(
      `Message of type ${describeType(message.data)} from '${message.sourceId}'${target} could not be delivered: no target executor accepts it.`,
      message.sourceId,
    )
  }

  // -------------------------------------------------------------------------------------------
  // DeliveryHost

  canHandle(node: ExecutorNode, data: unknown): boolean {
    return node.acceptsEverything || node.executor.canHandle(data)
  }

  invoke(node: ExecutorNode, data: unknown, sourceIds: readonly string[]): Promise<void> {
    return this.runExecutor(node, data, sourceIds, undefined)
  }

  warn(message: string, executorId?: string): void {
    this.call?.emit(executorId === undefined ? { type: 'warning', message } : { type: 'warning', message, executorId })
  }

  trackBuffered(runner: FanInEdgeRunner, buffered: boolean): void {
    if (buffered) this.memory.bufferedFanIns.add(runner)
    else this.memory.bufferedFanIns.delete(runner)
  }

  // -------------------------------------------------------------------------------------------
  // Executors

  private runExecutor(node: ExecutorNode, data: unknown, sourceIds: readonly string[], response: ResponseDelivery | undefined): Promise<void> {
    if (!telemetry.enabled) return this.invokeExecutor(node, data, sourceIds, response)
    return inSpan(startExecutorSpan(node.id, node.executor.constructor.name), () => this.invokeExecutor(node, data, sourceIds, response))
  }

  private async invokeExecutor(node: ExecutorNode, data: unknown, sourceIds: readonly string[], response: ResponseDelivery | undefined): Promise<void> {
    const call = this.call!
    const executorId = node.id
    call.emit({ type: 'executor_invoked', executorId, data })
    const ctx = new ExecutorContext(this, call, node, sourceIds)
    try {
      if (response) await node.executor.executeResponse(response.request, response.response, ctx, response.requestId)
      else if (node.handle !== undefined) await node.handle.call(node.executor, data, ctx)
      else await node.executor.execute(data, ctx)
    } catch (error) {
      if (!call.signal.aborted) {
        call.failedExecutorId ??= executorId
        call.emit({ type: 'executor_failed', executorId, error: errorDetails(error, executorId) })
      }
      throw error
    }
    const completed: ExecutorCompletedEvent = { type: 'executor_completed', executorId }
    if (ctx.sent) completed.data = ctx.sent
    call.emit(completed)
  }

  enqueue(message: WorkflowMessage): void {
    this.memory.outbox.push(message)
  }

  addRequest(call: RunCall, executorId: string, data: unknown, options: RequestInfoOptions): string {
    const requestId = options.requestId ?? randomUUID()
    const event: RequestInfoEvent = { type: 'request_info', requestId, executorId, data }
    this.memory.pendingRequests.set(requestId, options.responseSchema ? { event, responseSchema: options.responseSchema } : { event })
    this.memory.requestsChanged()
    call.emit(event)
    if (!call.emittedPendingStatus) {
      call.emittedPendingStatus = true
      call.emit({ type: 'status', state: WorkflowRunState.IN_PROGRESS_PENDING_REQUESTS })
    }
    return requestId
  }

  // -------------------------------------------------------------------------------------------
  // Checkpoints

  private async checkpoint(call: RunCall): Promise<void> {
    try {
      // Executor hooks may be async; without any, the checkpoint is built without an extra await.
      const executorStates = this.graph.statefulExecutors.length > 0 ? await this.collectExecutorStates() : {}
      this.memory.previousCheckpointId = await call.checkpointStorage!.save(this.memory.toCheckpoint(executorStates))
    } catch (error) {
      call.emit({ type: 'warning', message: `Failed to create checkpoint: ${errorDetails(error).message}` })
    }
  }

  async buildCheckpoint(): Promise<WorkflowCheckpoint> {
    return this.memory.toCheckpoint(await this.collectExecutorStates())
  }

  private async collectExecutorStates(): Promise<Record<string, JSONValue>> {
    const executorStates: Record<string, JSONValue> = {}
    for (const executor of this.graph.statefulExecutors) {
      executorStates[executor.id] = encodeCheckpointValue(await executor.onCheckpointSave!())
    }
    return executorStates
  }

  restore(checkpoint: WorkflowCheckpoint): Promise<void> {
    return this.memory.restore(checkpoint)
  }
}

function groupBySource(batch: WorkflowMessage[]): Map<string, WorkflowMessage[]> {
  const groups = new Map<string, WorkflowMessage[]>()
  for (const message of batch) {
    const list = groups.get(message.sourceId)
    if (list) list.push(message)
    else groups.set(message.sourceId, [message])
  }
  return groups
}
