/**
 * The superstep runner (Pregel / BSP). Messages sent during superstep N are delivered in superstep
 * N+1; at each boundary staged state is committed and a checkpoint is taken. The run converges when
 * no messages remain.
 *
 * Delivery order follows the reference: messages of one source are offered to each of its edge
 * groups in send order; different sources and different edge groups proceed concurrently.
 *
 * The runner owns the resumable state of a workflow (state, pending requests, fan-in buffers,
 * undelivered messages), which outlives one run() call so that a run waiting for responses can be
 * continued. Per-call concerns (event sink, signal, checkpoint storage) live in RunSession.
 */
import { randomUUID } from 'node:crypto'
import { throwIfAborted } from '../errors'
import { CHECKPOINT_VERSION, type CheckpointRequest, type CheckpointStorage, type WorkflowCheckpoint } from './checkpoint'
import type { RequestInfoOptions } from './context'
import {
  DELIVERED,
  FILTERED,
  type DeliveryHost,
  type DeliveryResult,
  type EdgeRunner,
  type FanInEdgeRunner,
  type WorkflowMessage,
} from './edge-runners'
import { decodeCheckpointValue, encodeCheckpointValue, type JSONValue } from './encoding'
import { WorkflowCheckpointError, WorkflowConvergenceError, WorkflowResponseError } from './errors'
import { errorDetails, WorkflowRunState, type ExecutorCompletedEvent, type RequestInfoEvent, type WorkflowEvent } from './events'
import { describeType } from './executor'
import { ExecutorContext } from './executor-context'
import type { CompiledGraph, ExecutorNode } from './graph'
import { guardAccepts, type MessageGuard } from './guards'
import { settleAll } from './settle'
import { WorkflowState } from './state'

/** The source id recorded for the start message, as in the reference. */
export const WORKFLOW_SOURCE_ID = 'Workflow'

export interface PendingRequest {
  event: RequestInfoEvent
  responseSchema?: MessageGuard
}

interface ResponseDelivery {
  requestId: string
  executorId: string
  request: unknown
  response: unknown
}

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

export interface RunnerOptions {
  workflowName: string
  graphSignatureHash: string
  maxIterations: number
}

export class Runner implements DeliveryHost {
  readonly state = new WorkflowState()
  readonly pendingRequests = new Map<string, PendingRequest>()
  readonly workflowName: string
  readonly graphSignatureHash: string
  readonly maxIterations: number
  iteration = 0
  private outbox: WorkflowMessage[] = []
  private responses: ResponseDelivery[] = []
  private previousCheckpointId?: string
  private encodedRequests?: Record<string, CheckpointRequest>
  private readonly bufferedFanIns = new Set<FanInEdgeRunner>()
  private session?: RunSession

  constructor(
    readonly graph: CompiledGraph,
    options: RunnerOptions,
  ) {
    this.workflowName = options.workflowName
    this.graphSignatureHash = options.graphSignatureHash
    this.maxIterations = options.maxIterations
  }

  // -------------------------------------------------------------------------------------------
  // Lifecycle

  /** Forgets everything from earlier runs. */
  resetForNewRun(): void {
    this.state.clear()
    this.pendingRequests.clear()
    this.encodedRequests = undefined
    this.iteration = 0
    this.outbox = []
    this.responses = []
    this.previousCheckpointId = undefined
    for (const runner of this.graph.fanInRunners.values()) runner.clear()
    this.bufferedFanIns.clear()
    for (const executor of this.graph.resettableExecutors) executor.reset?.()
  }

  /** Drops what a failed or cancelled superstep left half done; committed state is kept. */
  abandonInFlight(): void {
    this.state.discardStaged()
    this.outbox = []
    this.responses = []
  }

  attach(session: RunSession): void {
    this.session = session
  }

  detach(): void {
    this.session = undefined
  }

  finalState(): WorkflowRunState {
    return this.pendingRequests.size > 0 ? WorkflowRunState.IDLE_WITH_PENDING_REQUESTS : WorkflowRunState.IDLE
  }

  // -------------------------------------------------------------------------------------------
  // Entry points

  /** Runs the start executor on the input message ("superstep 0"), then commits. */
  async executeStart(message: unknown): Promise<void> {
    const node = this.graph.nodes.get(this.graph.startExecutorId)!
    await this.runExecutor(node, message, [WORKFLOW_SOURCE_ID], undefined)
    this.state.commit()
    if (this.session!.checkpointStorage) await this.checkpoint(this.session!)
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
    for (const [requestId, response] of entries) {
      const { event } = this.pendingRequests.get(requestId)!
      this.pendingRequests.delete(requestId)
      this.responses.push({ requestId, executorId: event.executorId, request: event.data, response })
    }
    this.encodedRequests = undefined
  }

  async runUntilConvergence(session: RunSession): Promise<void> {
    const firstIteration = this.iteration
    while (this.outbox.length > 0 || this.responses.length > 0) {
      if (this.iteration - firstIteration >= this.maxIterations) throw new WorkflowConvergenceError(this.maxIterations)
      throwIfAborted(session.signal)
      const iteration = ++this.iteration
      session.emit({ type: 'superstep_started', iteration })
      await this.runIteration()
      this.state.commit()
      if (session.checkpointStorage) await this.checkpoint(session)
      session.emit({ type: 'superstep_completed', iteration })
      const waiting = session.waitForConsumer?.()
      if (waiting) await waiting
    }
  }

  // -------------------------------------------------------------------------------------------
  // One superstep

  private async runIteration(): Promise<void> {
    const batch = this.outbox
    const responses = this.responses
    this.outbox = []
    this.responses = []
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
      else for (const [sourceId, messages] of groupBySource(batch)) work.push(this.deliverFromSource(messages[0].source ?? this.graph.nodes.get(sourceId), messages))
    }
    if (work.length === 1) await work[0]
    else await settleAll(work)
  }

  private async deliverFromSource(source: ExecutorNode | undefined, messages: WorkflowMessage[]): Promise<void> {
    const runners = source?.runners
    // A terminal executor's messages have nowhere to go; that is expected, as in the reference.
    if (!runners || runners.length === 0) return
    if (runners.length === 1) {
      const runner = runners[0]
      for (const message of messages) {
        const result = await runner.send(message, this)
        if (result !== DELIVERED && result !== FILTERED) this.warnUndelivered(message)
      }
      return
    }
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
    this.session?.emit(executorId === undefined ? { type: 'warning', message } : { type: 'warning', message, executorId })
  }

  trackBuffered(runner: FanInEdgeRunner, buffered: boolean): void {
    if (buffered) this.bufferedFanIns.add(runner)
    else this.bufferedFanIns.delete(runner)
  }

  // -------------------------------------------------------------------------------------------
  // Executors

  private async runExecutor(
    node: ExecutorNode,
    data: unknown,
    sourceIds: readonly string[],
    response: ResponseDelivery | undefined,
  ): Promise<void> {
    const session = this.session!
    const executorId = node.id
    session.emit({ type: 'executor_invoked', executorId, data })
    const ctx = new ExecutorContext(this, session, node, sourceIds)
    try {
      if (response) await node.executor.executeResponse(response.request, response.response, ctx, response.requestId)
      else await node.executor.execute(data, ctx)
    } catch (error) {
      if (!session.signal.aborted) {
        session.failedExecutorId ??= executorId
        session.emit({ type: 'executor_failed', executorId, error: errorDetails(error, executorId) })
      }
      throw error
    }
    const completed: ExecutorCompletedEvent = { type: 'executor_completed', executorId }
    if (ctx.sent) completed.data = ctx.sent
    session.emit(completed)
  }

  enqueue(message: WorkflowMessage): void {
    this.outbox.push(message)
  }

  addRequest(session: RunSession, executorId: string, data: unknown, options: RequestInfoOptions): string {
    const requestId = options.requestId ?? randomUUID()
    const event: RequestInfoEvent = { type: 'request_info', requestId, executorId, data }
    this.pendingRequests.set(requestId, options.responseSchema ? { event, responseSchema: options.responseSchema } : { event })
    this.encodedRequests = undefined
    session.emit(event)
    if (!session.emittedPendingStatus) {
      session.emittedPendingStatus = true
      session.emit({ type: 'status', state: WorkflowRunState.IN_PROGRESS_PENDING_REQUESTS })
    }
    return requestId
  }

  // -------------------------------------------------------------------------------------------
  // Checkpoints

  private async checkpoint(session: RunSession): Promise<void> {
    try {
      // Executor hooks may be async; without any, the checkpoint is built without an extra await.
      const executorStates = this.graph.statefulExecutors.length > 0 ? await this.collectExecutorStates() : {}
      this.previousCheckpointId = await session.checkpointStorage!.save(this.assembleCheckpoint(executorStates))
    } catch (error) {
      session.emit({ type: 'warning', message: `Failed to create checkpoint: ${errorDetails(error).message}` })
    }
  }

  async buildCheckpoint(): Promise<WorkflowCheckpoint> {
    return this.assembleCheckpoint(await this.collectExecutorStates())
  }

  private async collectExecutorStates(): Promise<Record<string, JSONValue>> {
    const executorStates: Record<string, JSONValue> = {}
    for (const executor of this.graph.statefulExecutors) {
      executorStates[executor.id] = encodeCheckpointValue(await executor.onCheckpointSave!())
    }
    return executorStates
  }

  private assembleCheckpoint(executorStates: Record<string, JSONValue>): WorkflowCheckpoint {
    const edgeGroupStates: Record<string, Record<string, JSONValue[]>> = {}
    for (const runner of this.bufferedFanIns) edgeGroupStates[runner.group.id] = runner.exportBuffers()
    const outbox = this.outbox
    const messages = new Array<WorkflowCheckpoint['messages'][number]>(outbox.length)
    for (let i = 0; i < outbox.length; i++) {
      const message = outbox[i]
      messages[i] =
        message.targetId === undefined
          ? { sourceId: message.sourceId, data: encodeCheckpointValue(message.data) }
          : { sourceId: message.sourceId, targetId: message.targetId, data: encodeCheckpointValue(message.data) }
    }
    const checkpoint: WorkflowCheckpoint = {
      checkpointId: randomUUID(),
      workflowName: this.workflowName,
      graphSignatureHash: this.graphSignatureHash,
      timestamp: isoNow(),
      iterationCount: this.iteration,
      messages,
      state: this.state.exportEncoded(),
      pendingRequestInfoEvents: this.encodePendingRequests(),
      executorStates,
      edgeGroupStates,
      metadata: { superstep: this.iteration },
      version: CHECKPOINT_VERSION,
    }
    if (this.previousCheckpointId !== undefined) checkpoint.previousCheckpointId = this.previousCheckpointId
    return checkpoint
  }

  private encodePendingRequests(): Record<string, CheckpointRequest> {
    if (this.encodedRequests) return this.encodedRequests
    const encoded: Record<string, CheckpointRequest> = {}
    for (const [requestId, { event }] of this.pendingRequests) {
      encoded[requestId] = { requestId, executorId: event.executorId, data: encodeCheckpointValue(event.data) }
    }
    this.encodedRequests = encoded
    return encoded
  }

  async restore(checkpoint: WorkflowCheckpoint): Promise<void> {
    if (checkpoint.graphSignatureHash !== this.graphSignatureHash) {
      throw new WorkflowCheckpointError(
        'Workflow graph has changed since the checkpoint was created. Please rebuild the original workflow before resuming.',
      )
    }
    this.resetForNewRun()
    try {
      this.state.importEncoded(checkpoint.state ?? {})
      this.outbox = (checkpoint.messages ?? []).map((m) => {
        const message: WorkflowMessage = { sourceId: m.sourceId, data: decodeCheckpointValue(m.data) }
        if (m.targetId !== undefined) message.targetId = m.targetId
        return message
      })
      for (const [requestId, request] of Object.entries(checkpoint.pendingRequestInfoEvents ?? {})) {
        const event: RequestInfoEvent = { type: 'request_info', requestId, executorId: request.executorId, data: decodeCheckpointValue(request.data) }
        this.pendingRequests.set(requestId, { event })
      }
      for (const [groupId, buffers] of Object.entries(checkpoint.edgeGroupStates ?? {})) {
        const runner = this.graph.fanInRunners.get(groupId)
        if (!runner) throw new WorkflowCheckpointError(`Edge group ${groupId} not found during state restoration.`)
        runner.importBuffers(buffers)
        if (runner.hasBuffered()) this.bufferedFanIns.add(runner)
      }
      for (const [executorId, state] of Object.entries(checkpoint.executorStates ?? {})) {
        const executor = this.graph.nodes.get(executorId)?.executor
        if (!executor) throw new WorkflowCheckpointError(`Executor ${executorId} not found during state restoration.`)
        await executor.onCheckpointRestore?.(decodeCheckpointValue(state))
      }
    } catch (error) {
      this.resetForNewRun()
      if (error instanceof WorkflowCheckpointError) throw error
      throw new WorkflowCheckpointError(`Failed to restore from checkpoint ${checkpoint.checkpointId}`, { cause: error })
    }
    this.iteration = checkpoint.iterationCount
    this.previousCheckpointId = checkpoint.checkpointId
  }
}

let lastMillis = -1
let lastIso = ''

/** ISO time, formatted at most once per millisecond (supersteps are often faster than that). */
function isoNow(): string {
  const now = Date.now()
  if (now !== lastMillis) {
    lastMillis = now
    lastIso = new Date(now).toISOString()
  }
  return lastIso
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
