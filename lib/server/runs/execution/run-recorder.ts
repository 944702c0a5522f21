/**
 * Turns a run's workflow events into its stored events, in order, and keeps what the run has
 * produced so far (outputs, token usage, the requests it waits on). Events are handed to the
 * run's RunEventWriter without waiting for each to be stored (it writes them in batches). A
 * superstep's end (`superstep_completed`, with the checkpoint pointer) is a boundary; what the
 * recorder does there is the run's durability mode (lib/contracts/durability.ts): in `sync` the boundary is
 * committed before the next superstep starts (the workflow waits for it: holdUntilCommitted), so
 * nothing of a superstep happens — no model call, no tool — before the one before it is stored; in
 * `async` it is committed while the next superstep runs, and waited for at the next boundary; in
 * `exit` nothing is committed until the run ends or parks. The last superstep's batch is not sent
 * at its boundary but with the run's end (endRun), one statement for both.
 *
 * Two streams meet here: the workflow's events and the status changes of long-running MCP tasks,
 * which a tool reports the moment the server answers, possibly before the workflow stream has
 * delivered the line of the tool call that started it. A status naming a call whose `tool_call`
 * line is not queued yet is held and queued right after that line, or after `STATUS_HOLD_MS` at
 * the latest (a tool called without a line of its own, such as one inside a sub-workflow).
 */
import { addUsage, type UsageDetails } from '@/lib/core'
import { MCP_TASK_STATUS_EVENT, type McpTaskStatusData } from '@/lib/contracts/run-events'
import { warnStatusNotRecorded } from '../../mcp/mcp-task-events'
import type { RunConversationForwarder } from '../../threat-protection/conversation-forwarding'
import type { CheckpointPointers } from './checkpoint-pointers'
import type { DurabilityMode } from '@/lib/contracts/durability'
import { stepLimitMessage, WorkflowRunFailedError } from './run-errors'
import type { RunEventWriter } from '../events/run-event-writer'
import { AgentTextCoalescer, toRunEvents, type RunEventRecord } from '../events/workflow-events'
import type { PendingRequest } from './workflow-requests'

/** How long a task status may wait for its tool call's line. */
export const STATUS_HOLD_MS = 2_000

export interface RunRecorderOptions {
  runId: string
  writer: RunEventWriter
  forwarder: RunConversationForwarder
  /** Once the run is cancelled, what the workflow still emits while it winds down is not the run's. */
  cancelled: AbortSignal
  /** Where the run's checkpoints are; a superstep's end moves the run's resume point with its events. */
  checkpoints: CheckpointPointers
  /** A run continued or resumed: the engine's `started` is not news to anyone. */
  continuing: boolean
  /** The tokens the run used before its resume point; its total counts on from them. */
  usageBefore?: UsageDetails
  /** What the run output before its resume point: the engine does not emit it again, and the run's outputs keep it. */
  outputsBefore?: readonly unknown[]
  /** The most supersteps the run may take (the workflow's Max steps), named when the run hits it. */
  maxSupersteps?: number
  /** When a superstep's events and checkpoint commit (default `sync`). */
  durability?: DurabilityMode
}

export class RunRecorder {
  readonly outputs: unknown[]
  usage: UsageDetails | undefined
  pending: PendingRequest[] = []
  private readonly text = new AgentTextCoalescer()
  /** Writes held text once its window closes, when no other event comes to push it out (a model pausing mid-reply). */
  private textTimer: NodeJS.Timeout | undefined
  private readonly queuedCalls = new Set<string>()
  private readonly heldStatuses = new Map<string, { statuses: McpTaskStatusData[]; timer: NodeJS.Timeout }>()
  /** The first write that failed; reported at the next boundary. */
  private failure: { error: unknown } | undefined
  /** A superstep ended and nothing has been recorded after it yet: the stored `superstep_completed`, to commit per the mode. */
  private boundary: Promise<void> | undefined
  /** In `async`: the boundary whose commit overlaps the superstep running now. */
  private committing: Promise<void> | undefined
  /** The last superstep whose end was recorded, and the hold waiting to hear of a later one (holdUntilCommitted). */
  private lastBoundary = -1
  private boundaryWaiter: { iteration: number; resolve: () => void } | undefined

  constructor(private readonly options: RunRecorderOptions) {
    this.usage = options.usageBefore
    this.outputs = [...(options.outputsBefore ?? [])]
  }

  /**
   * Records one of the workflow's events. A promise when there is something to wait for (a boundary to commit first,
   * a failure to store, the conversation forwarder), else undefined: most events are only queued, and a run has many.
   */
  onWorkflowEvent(event: unknown): Promise<void> | undefined {
    const records = toRunEvents(event).flatMap((e) => this.text.push(e))
    for (let i = 0; i < records.length; i++) {
      const record = records[i]
      if (record.type === 'started' && this.options.continuing) continue
      if (this.boundary || record.type === 'failed') return this.recordAfterWaiting(records.slice(i), event)
      this.record(record)
    }
    return this.afterRecords(event)
  }

  /** onWorkflowEvent from the first record that waits: past a boundary (committed as the mode says), or a failure. */
  private async recordAfterWaiting(records: RunEventRecord[], event: unknown): Promise<void> {
    for (const record of records) {
      if (record.type === 'started' && this.options.continuing) continue
      if (this.boundary) await this.pastBoundary()
      if (record.type === 'failed') {
        const failed = this.inPlainWords(record)
        this.queue(failed)
        await this.flush()
        throw new WorkflowRunFailedError(String((failed.data.error as { message?: string } | undefined)?.message ?? 'The workflow failed.'))
      }
      this.record(record)
    }
    await this.afterRecords(event)
  }

  /** Queues a record; a superstep's end becomes the boundary, with the run's resume point. */
  private record(record: RunEventRecord): void {
    if (record.type !== 'superstep_completed') return this.queue(record)
    const iteration = Number(record.data.iteration)
    this.boundary = this.queueAwaited(record, this.options.checkpoints.pointerFor(iteration, this.usage))
    this.boundaryRecorded(iteration)
  }

  private afterRecords(event: unknown): Promise<void> | undefined {
    this.writeHeldTextLater()
    return this.options.forwarder.enabled ? this.forward(event) : undefined
  }

  private async forward(event: unknown): Promise<void> {
    const forwarded = await this.options.forwarder.onWorkflowEvent(event)
    if (forwarded && !forwarded.succeeded) {
      this.writeHeldText()
      this.queue({ type: 'conversation_forwarding_failed', data: { errors: forwarded.errors } })
    }
  }

  /** The run's task status sink (see the module comment); never throws. */
  readonly recordTaskStatus = (data: McpTaskStatusData): void => {
    const callId = data.callId
    if (callId === undefined || this.queuedCalls.has(callId)) return this.queueStatuses([data])
    const held = this.heldStatuses.get(callId)
    if (held) {
      held.statuses.push(data)
      return
    }
    const timer = setTimeout(() => this.release(callId), STATUS_HOLD_MS)
    timer.unref()
    this.heldStatuses.set(callId, { statuses: [data], timer })
  }

  /** The engine's words for a run that hit its superstep limit ("did not converge"), in the person's: what happened and what to change. */
  private inPlainWords(record: RunEventRecord): RunEventRecord {
    const error = record.data.error as { code?: unknown } | undefined
    const limit = this.options.maxSupersteps
    if (error?.code !== 'workflow_convergence_error' || limit === undefined) return record
    return { ...record, data: { ...record.data, error: { ...error, message: stepLimitMessage(limit) } } }
  }

  /**
   * `sync`: the workflow's hold before its next superstep (WorkflowRunOptions.beforeNextSuperstep): it ends once the
   * superstep that ended is recorded and committed. The workflow calls it as soon as it has emitted that superstep's end,
   * which this recorder takes a moment later; a failed commit rejects it, and so fails the run.
   */
  readonly holdUntilCommitted = async (completed: number): Promise<void> => {
    // The start (superstep 0) has no recorded end: its events and checkpoint go with superstep 1's batch.
    if (completed === 0) return
    if (this.lastBoundary < completed) await new Promise<void>((resolve) => (this.boundaryWaiter = { iteration: completed, resolve }))
    await this.pastBoundary()
  }

  private boundaryRecorded(iteration: number): void {
    this.lastBoundary = iteration
    const waiter = this.boundaryWaiter
    if (waiter && waiter.iteration <= iteration) {
      this.boundaryWaiter = undefined
      waiter.resolve()
    }
  }

  /** Stores what is still pending (coalesced text, held statuses); throws if a write failed. */
  async flush(): Promise<void> {
    this.handOver()
    await this.options.writer.flush()
    if (this.failure) throw this.failure.error
  }

  /**
   * Hands what is still held (coalesced text, task statuses) to the writer without sending it: the
   * run's end goes with it (endRun). Waits for an `async` commit in flight; throws if a write failed.
   */
  async settle(): Promise<void> {
    this.handOver()
    await this.committing
    if (this.failure) throw this.failure.error
  }

  private handOver(): void {
    this.writeHeldText()
    for (const callId of [...this.heldStatuses.keys()]) this.release(callId)
  }

  /** Something follows a superstep's end: commit the boundary as the run's durability mode says. */
  private async pastBoundary(): Promise<void> {
    const boundary = this.boundary
    if (!boundary) return
    this.boundary = undefined
    const mode = this.options.durability ?? 'sync'
    if (mode === 'sync') return await this.flush()
    if (mode === 'exit') return
    // async: send this boundary now and let the next superstep run while it commits; the one before must be in.
    const before = this.committing
    this.committing = boundary
    this.options.writer.flush().catch(() => {})
    await before
    if (this.failure) throw this.failure.error
  }

  private writeHeldTextLater(): void {
    if (!this.text.holding || this.textTimer) return
    this.textTimer = setTimeout(() => this.writeHeldText(), this.text.windowMs)
    this.textTimer.unref()
  }

  private writeHeldText(): void {
    clearTimeout(this.textTimer)
    this.textTimer = undefined
    for (const record of this.text.flush()) this.queue(record)
  }

  /** Hands the record to the writer, nobody waiting for it: a failed store is kept in `failure`, reported at the next boundary. */
  private queue(record: RunEventRecord): void {
    if (!this.noted(record)) return
    this.options.writer.post(record.type, record.data, this.failed)
    this.afterQueued(record)
  }

  /** queue, for the record a boundary waits on: resolves once it is stored (or failed: then `failure` says so). */
  private queueAwaited(record: RunEventRecord, also?: Parameters<RunEventWriter['write']>[2]): Promise<void> | undefined {
    if (!this.noted(record)) return undefined
    const stored = this.options.writer.write(record.type, record.data, also).then(() => {}, this.failed)
    this.afterQueued(record)
    return stored
  }

  private readonly failed = (error: unknown): void => void (this.failure ??= { error })

  /** What the record adds to the run's outputs, requests and usage; false once the run was cancelled (nothing more is its). */
  private noted(record: RunEventRecord): boolean {
    if (this.options.cancelled.aborted) return false
    if (record.type === 'output') this.outputs.push(record.data.data)
    if (record.type === 'request_info') this.pending.push(record.data as unknown as PendingRequest)
    if (record.usage) this.usage = addUsage(this.usage, record.usage)
    return true
  }

  private afterQueued(record: RunEventRecord): void {
    if (record.type === 'tool_call' && typeof record.data.callId === 'string') this.afterToolCall(record.data.callId)
  }

  private release(callId: string): void {
    const held = this.heldStatuses.get(callId)
    if (!held) return
    clearTimeout(held.timer)
    this.heldStatuses.delete(callId)
    this.queueStatuses(held.statuses)
  }

  private queueStatuses(statuses: McpTaskStatusData[]): void {
    if (this.options.cancelled.aborted) return
    for (const data of statuses) {
      this.options.writer.post(MCP_TASK_STATUS_EVENT, { ...data }, (error: unknown) => warnStatusNotRecorded(this.options.runId, data, error))
    }
  }

  /** The call's line is queued: its held statuses follow it, in the same batch or the next. */
  private afterToolCall(callId: string): void {
    this.queuedCalls.add(callId)
    this.release(callId)
  }
}
