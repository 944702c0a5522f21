/**
 * Workflow: a built, validated graph of executors, run in supersteps until idle.
 *
 *   const run = await workflow.run('hi')                 // WorkflowRunResult
 *   for await (const event of workflow.runStream('hi')) …  // events as they happen
 *   await workflow.run(undefined, { responses: { [requestId]: answer } })   // continue after request_info
 *   await workflow.run(undefined, { checkpointId, checkpointStorage })       // resume, also in a new process
 *
 * A Workflow keeps the state of its last run (so that it can be continued) and runs one run at a time.
 */
import { randomUUID } from 'node:crypto'
import { AbortError, throwIfAborted } from '../errors'
import type { CheckpointStorage, WorkflowCheckpoint } from './checkpoint'
import { edgeGroupToJSON, type EdgeGroup, type EdgeGroupJSON } from './edges'
import { WorkflowAlreadyRunningError, WorkflowCheckpointError, WorkflowRunArgumentError } from './errors'
import { EventQueue, QUEUE_END } from './event-queue'
import { errorDetails, WorkflowRunState, type RequestInfoEvent, type WorkflowEvent, type WorkflowStatusEvent } from './events'
import type { Executor, ExecutorJSON } from './executor'
import type { CompiledGraph } from './graph'
import { WorkflowEventRecord } from './workflow-event-record'
import { WorkflowRunResult } from './run-result'
import { SuperstepEngine } from './superstep-engine'
import { RunCall } from './run-call'
import { telemetry } from '../telemetry/telemetry-settings'
import { inSpan } from '../telemetry/tracing'
import { startWorkflowRunSpan } from '../telemetry/workflow-spans'

export interface WorkflowRunOptions {
  /** Answers to pending requests, by request id (instead of a message). */
  responses?: Record<string, unknown>
  /** Resume from this checkpoint (instead of a message); may be combined with responses. */
  checkpointId?: string
  /** Loads checkpointId from here and/or checkpoints this run (overrides the builder's storage). */
  checkpointStorage?: CheckpointStorage
  /** run() only: keep `status` events in the result's event list. */
  includeStatusEvents?: boolean
  signal?: AbortSignal
  /**
   * Awaited after a superstep that another follows, before that one starts, with the number of the one that ended
   * (its `superstep_completed` is already emitted): the runner does nothing of the next superstep until it settles. A
   * consumer that must have each superstep stored before the next one acts (a durable run's `sync` mode) holds the
   * runner here; a rejection fails the run. Not called after the last superstep. Also called with 0 after a new run's
   * start executor (superstep 0, which emits no superstep events) when it sent something: a caller that pauses
   * before a node must be able to stop before the first node the start feeds.
   */
  beforeNextSuperstep?: (completed: number) => Promise<void>
}

export interface WorkflowInit {
  name: string
  description?: string
  maxIterations: number
  startExecutorId: string
  executors: ReadonlyMap<string, Executor>
  edgeGroups: readonly EdgeGroup[]
  graph: CompiledGraph
  graphSignature: string
  graphSignatureHash: string
  checkpointStorage?: CheckpointStorage
  outputExecutorIds: readonly string[]
  intermediateExecutorIds: readonly string[]
}

export interface WorkflowJSON {
  id: string
  name: string
  description?: string
  startExecutorId: string
  maxIterations: number
  edgeGroups: EdgeGroupJSON[]
  executors: Record<string, ExecutorJSON>
  outputExecutors: string[]
  intermediateExecutors: string[]
}

const NEVER_ABORTED = new AbortController().signal

export class Workflow {
  readonly id = randomUUID()
  readonly name: string
  readonly description?: string
  readonly maxIterations: number
  readonly startExecutorId: string
  readonly executors: ReadonlyMap<string, Executor>
  readonly edgeGroups: readonly EdgeGroup[]
  readonly graphSignature: string
  readonly graphSignatureHash: string
  readonly checkpointStorage?: CheckpointStorage
  private readonly outputExecutorIds: readonly string[]
  private readonly intermediateExecutorIds: readonly string[]
  private readonly engine: SuperstepEngine
  private running = false

  constructor(init: WorkflowInit) {
    this.name = init.name
    this.description = init.description
    this.maxIterations = init.maxIterations
    this.startExecutorId = init.startExecutorId
    this.executors = init.executors
    this.edgeGroups = init.edgeGroups
    this.graphSignature = init.graphSignature
    this.graphSignatureHash = init.graphSignatureHash
    this.checkpointStorage = init.checkpointStorage
    this.outputExecutorIds = init.outputExecutorIds
    this.intermediateExecutorIds = init.intermediateExecutorIds
    this.engine = new SuperstepEngine(init.graph, {
      workflowName: init.name,
      graphSignatureHash: init.graphSignatureHash,
      maxIterations: init.maxIterations,
    })
  }

  get isRunning(): boolean {
    return this.running
  }

  getStartExecutor(): Executor {
    return this.executors.get(this.startExecutorId)!
  }

  /** Requests still waiting for an answer (the run ended IDLE_WITH_PENDING_REQUESTS). */
  get pendingRequests(): RequestInfoEvent[] {
    return [...this.engine.pendingRequests.values()].map((pending) => pending.event)
  }

  async run(message?: unknown, options: WorkflowRunOptions = {}): Promise<WorkflowRunResult> {
    const log = new WorkflowEventRecord()
    const statuses: WorkflowStatusEvent[] = []
    const includeStatus = options.includeStatusEvents === true
    await this.execute(message, options, false, (event) => {
      if (event.type === 'started') return
      if (event.type === 'status') {
        statuses.push(event)
        if (includeStatus) log.record(event)
        return
      }
      log.record(event)
    })
    return new WorkflowRunResult(log, statuses)
  }

  /**
   * Streams every event as it happens. Breaking out of the loop cancels the run (and waits for the
   * current superstep to stop). A failed run yields `failed` and `status: FAILED`, then throws.
   */
  runStream(message?: unknown, options: WorkflowRunOptions = {}): AsyncGenerator<WorkflowEvent, void, undefined> {
    return this.streamed(message, options, (queue) => queue.take())
  }

  /**
   * runStream, a batch at a time: each step yields every event that happened since the one before (never an empty
   * batch), in order. For a consumer that handles many events together, such as one that stores them: each step of an
   * async generator costs promises, and a superstep's events mostly arrive at once.
   */
  runStreamBatches(message?: unknown, options: WorkflowRunOptions = {}): AsyncGenerator<WorkflowEvent[], void, undefined> {
    return this.streamed(message, options, (queue) => queue.takeAll())
  }

  private async *streamed<T>(
    message: unknown,
    options: WorkflowRunOptions,
    take: (queue: EventQueue<WorkflowEvent>) => T | typeof QUEUE_END | undefined,
  ): AsyncGenerator<T, void, undefined> {
    const queue = new EventQueue<WorkflowEvent>()
    const controller = new AbortController()
    const signal = options.signal ? AbortSignal.any([options.signal, controller.signal]) : controller.signal
    const done = this.execute(
      message,
      { ...options, signal },
      true,
      (event) => queue.push(event),
      () => queue.waitForConsumer(),
    ).then(
      () => queue.end(),
      (error: unknown) => queue.fail(error),
    )
    let finished = false
    try {
      for (;;) {
        const next = take(queue)
        if (next === QUEUE_END) break
        if (next === undefined) await queue.waitForItem()
        else yield next
      }
      finished = true
    } finally {
      if (!finished) {
        controller.abort()
        queue.releaseProducer()
        await done
      }
    }
  }

  /** The resumable state of this workflow as a checkpoint (used by sub-workflows; not while running). */
  async createSnapshot(): Promise<WorkflowCheckpoint> {
    if (this.running) throw new WorkflowAlreadyRunningError()
    return this.engine.buildCheckpoint()
  }

  async restoreSnapshot(checkpoint: WorkflowCheckpoint): Promise<void> {
    if (this.running) throw new WorkflowAlreadyRunningError()
    await this.engine.restore(checkpoint)
  }

  toJSON(): WorkflowJSON {
    const executors: Record<string, ExecutorJSON> = {}
    for (const [id, executor] of this.executors) executors[id] = executor.toJSON()
    const json: WorkflowJSON = {
      id: this.id,
      name: this.name,
      startExecutorId: this.startExecutorId,
      maxIterations: this.maxIterations,
      edgeGroups: this.edgeGroups.map(edgeGroupToJSON),
      executors,
      outputExecutors: [...this.outputExecutorIds],
      intermediateExecutors: [...this.intermediateExecutorIds],
    }
    if (this.description !== undefined) json.description = this.description
    return json
  }

  // -------------------------------------------------------------------------------------------

  private execute(
    message: unknown,
    options: WorkflowRunOptions,
    streaming: boolean,
    emit: (event: WorkflowEvent) => void,
    waitForConsumer?: () => Promise<void> | undefined,
  ): Promise<void> {
    if (!telemetry.enabled) return this.executeRun(message, options, streaming, emit, waitForConsumer)
    const started = startWorkflowRunSpan(this)
    const traced = (event: WorkflowEvent) => {
      if (event.type === 'status') started.span.setAttribute('workflow.state', event.state)
      emit(event)
    }
    return inSpan(started, () => this.executeRun(message, options, streaming, traced, waitForConsumer))
  }

  private async executeRun(
    message: unknown,
    options: WorkflowRunOptions,
    streaming: boolean,
    emit: (event: WorkflowEvent) => void,
    waitForConsumer?: () => Promise<void> | undefined,
  ): Promise<void> {
    validateRunArguments(message, options)
    if (this.running) throw new WorkflowAlreadyRunningError()
    this.running = true
    const signal = options.signal ?? NEVER_ABORTED
    const storage = options.checkpointStorage ?? this.checkpointStorage
    const call = new RunCall(emit, signal, streaming, storage, waitForConsumer, options.beforeNextSuperstep)
    const engine = this.engine
    engine.attach(call)
    try {
      emit({ type: 'started' })
      emit({ type: 'status', state: WorkflowRunState.IN_PROGRESS })
      throwIfAborted(signal)
      if (message !== undefined) {
        engine.resetForNewRun()
        await engine.executeStart(message)
      } else {
        if (options.checkpointId !== undefined) await this.restoreFrom(options.checkpointId, storage)
        if (options.responses !== undefined) engine.acceptResponses(options.responses)
        if (options.checkpointId !== undefined) this.reannouncePendingRequests(call)
      }
      await engine.runUntilConvergence(call)
      emit({ type: 'status', state: engine.finalState() })
    } catch (error) {
      engine.abandonInFlight()
      if (signal.aborted) {
        emit({ type: 'status', state: WorkflowRunState.CANCELLED })
        throw error instanceof AbortError ? error : new AbortError()
      }
      emit({ type: 'failed', error: errorDetails(error, call.failedExecutorId) })
      emit({ type: 'status', state: WorkflowRunState.FAILED })
      throw error
    } finally {
      engine.detach()
      this.running = false
    }
  }

  private async restoreFrom(checkpointId: string, storage: CheckpointStorage | undefined): Promise<void> {
    if (!storage) {
      throw new WorkflowRunArgumentError(
        'Cannot restore from checkpoint: either provide the checkpointStorage option or build the workflow with WorkflowBuilder({ checkpointStorage }).',
      )
    }
    const checkpoint = await storage.load(checkpointId)
    if (!checkpoint) throw new WorkflowCheckpointError(`Checkpoint ${checkpointId} not found`)
    await this.engine.restore(checkpoint)
  }

  /** A run resumed in a new process tells its caller again which requests are still open. */
  private reannouncePendingRequests(call: RunCall): void {
    for (const { event } of this.engine.pendingRequests.values()) {
      call.emit(event)
      if (!call.emittedPendingStatus) {
        call.emittedPendingStatus = true
        call.emit({ type: 'status', state: WorkflowRunState.IN_PROGRESS_PENDING_REQUESTS })
      }
    }
  }
}

function validateRunArguments(message: unknown, options: WorkflowRunOptions): void {
  if (message !== undefined && options.responses !== undefined) {
    throw new WorkflowRunArgumentError("Cannot provide both 'message' and 'responses'. Use one or the other.")
  }
  if (message !== undefined && options.checkpointId !== undefined) {
    throw new WorkflowRunArgumentError("Cannot provide both 'message' and 'checkpointId'. Use one or the other.")
  }
  if (message === undefined && options.responses === undefined && options.checkpointId === undefined) {
    throw new WorkflowRunArgumentError(
      "Must provide at least one of: 'message' (new run), 'responses' (send responses), or 'checkpointId' (resume from checkpoint).",
    )
  }
}
