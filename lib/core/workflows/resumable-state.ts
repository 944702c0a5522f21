/**
 * What a workflow remembers between supersteps and between run() calls: committed state, pending
 * requests, undelivered messages and answers, fan-in buffers and the superstep count. It turns into
 * a checkpoint and back; everything else in the runner is per call.
 */
import { randomUUID } from 'node:crypto'
import { CHECKPOINT_VERSION, type CheckpointRequest, type WorkflowCheckpoint } from './checkpoint'
import type { FanInEdgeRunner, WorkflowMessage } from './edge-runners'
import { decodeCheckpointValue, encodeCheckpointValue, type JSONValue } from './encoding'
import { WorkflowCheckpointError } from './errors'
import type { RequestInfoEvent } from './events'
import type { CompiledGraph } from './graph'
import type { MessageGuard } from './guards'
import { WorkflowState } from './state'

export interface PendingRequest {
  event: RequestInfoEvent
  responseSchema?: MessageGuard
}

/** An answer to a request, delivered to the requesting executor in the next superstep. */
export interface ResponseDelivery {
  requestId: string
  executorId: string
  request: unknown
  response: unknown
}

export class ResumableState {
  readonly state = new WorkflowState()
  readonly pendingRequests = new Map<string, PendingRequest>()
  /** Fan-in groups currently holding messages (so checkpoints never scan every group). */
  readonly bufferedFanIns = new Set<FanInEdgeRunner>()
  iteration = 0
  outbox: WorkflowMessage[] = []
  responses: ResponseDelivery[] = []
  previousCheckpointId?: string
  private encodedRequests?: Record<string, CheckpointRequest>

  constructor(
    private readonly graph: CompiledGraph,
    private readonly workflowName: string,
    private readonly graphSignatureHash: string,
  ) {}

  /** Forgets everything from earlier runs (executors included). */
  reset(): void {
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

  requestsChanged(): void {
    this.encodedRequests = undefined
  }

  toCheckpoint(executorStates: Record<string, JSONValue>): WorkflowCheckpoint {
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
      throw new WorkflowCheckpointError('Workflow graph has changed since the checkpoint was created. Please rebuild the original workflow before resuming.')
    }
    this.reset()
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
      this.reset()
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
