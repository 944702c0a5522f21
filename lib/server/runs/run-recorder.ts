/**
 * Writes a run's events to its log, in order, and keeps what the run has produced so far (outputs,
 * token usage, the requests it waits on). Two streams meet here: the workflow's events, taken one
 * by one from its event stream, and the status changes of long-running MCP tasks, which a tool
 * reports the moment the server answers. The workflow stream lags behind (every event is a
 * database round trip), so a task's first status would often come before the line of the tool
 * call that started it. A status naming a call whose `tool_call` line is not written yet is held
 * and written right after that line, or after `STATUS_HOLD_MS` at the latest (a tool called
 * without a line of its own, such as one inside a sub-workflow run without streaming).
 */
import { addUsage, type UsageDetails } from '@/lib/core'
import type { AppContext } from '../app-context'
import { MCP_TASK_STATUS_EVENT, type McpTaskStatusData } from '@/lib/contracts/run-events'
import { warnStatusNotRecorded } from '../mcp/mcp-task-events'
import type { RunConversationForwarder } from '../tooling/conversation-forwarding'
import { WorkflowRunFailedError } from './run-errors'
import { AgentTextCoalescer, toRunEvents, type RunEventRecord } from './workflow-events'
import type { PendingRequest } from './workflow-requests'

/** How long a task status may wait for its tool call's line. */
export const STATUS_HOLD_MS = 2_000

export class RunRecorder {
  readonly outputs: unknown[] = []
  usage: UsageDetails | undefined
  pending: PendingRequest[] = []
  private readonly text = new AgentTextCoalescer()
  /** Every write goes through this chain, so the log's order is the order of the calls. */
  private writes: Promise<void> = Promise.resolve()
  private readonly writtenCalls = new Set<string>()
  private readonly heldStatuses = new Map<string, { statuses: McpTaskStatusData[]; timer: NodeJS.Timeout }>()

  constructor(
    private readonly app: AppContext,
    private readonly runId: string,
    private readonly forwarder: RunConversationForwarder,
    /** Once the run is cancelled, what the workflow still emits while it winds down is not the run's. */
    private readonly cancelled: AbortSignal,
  ) {}

  async onWorkflowEvent(event: unknown): Promise<void> {
    for (const record of toRunEvents(event).flatMap((e) => this.text.push(e))) await this.write(record)
    const forwarded = await this.forwarder.onWorkflowEvent(event)
    if (forwarded && !forwarded.succeeded) {
      for (const record of this.text.flush()) await this.write(record)
      await this.write({ type: 'conversation_forwarding_failed', data: { errors: forwarded.errors } })
    }
  }

  /** The run's task status sink (see the module comment); never throws. */
  readonly recordTaskStatus = (data: McpTaskStatusData): void => {
    const callId = data.callId
    if (callId === undefined || this.writtenCalls.has(callId)) return this.writeStatuses([data])
    const held = this.heldStatuses.get(callId)
    if (held) {
      held.statuses.push(data)
      return
    }
    const timer = setTimeout(() => this.release(callId), STATUS_HOLD_MS)
    timer.unref()
    this.heldStatuses.set(callId, { statuses: [data], timer })
  }

  /** Writes what is still pending: coalesced text and held statuses. */
  async flush(): Promise<void> {
    for (const record of this.text.flush()) await this.write(record)
    for (const callId of [...this.heldStatuses.keys()]) this.release(callId)
    await this.writes
  }

  private release(callId: string): void {
    const held = this.heldStatuses.get(callId)
    if (!held) return
    clearTimeout(held.timer)
    this.heldStatuses.delete(callId)
    this.writeStatuses(held.statuses)
  }

  private writeStatuses(statuses: McpTaskStatusData[]): void {
    for (const data of statuses) {
      this.write({ type: MCP_TASK_STATUS_EVENT, data: { ...data } }).catch((error: unknown) => warnStatusNotRecorded(this.runId, data, error))
    }
  }

  private write(record: RunEventRecord): Promise<void> {
    const written = this.writes.then(() => this.writeNow(record))
    this.writes = written.catch(() => {})
    return written
  }

  private async writeNow(record: RunEventRecord): Promise<void> {
    if (this.cancelled.aborted) return
    if (record.type === 'output') this.outputs.push(record.data.data)
    if (record.type === 'request_info') this.pending.push(record.data as unknown as PendingRequest)
    if (record.usage) this.usage = addUsage(this.usage, record.usage)
    await this.app.events.append(this.runId, record.type, record.data)
    if (record.type === 'tool_call' && typeof record.data.callId === 'string') await this.afterToolCall(record.data.callId)
    if (record.type === 'failed') {
      throw new WorkflowRunFailedError(String((record.data.error as { message?: string } | undefined)?.message ?? 'The workflow failed.'))
    }
  }

  /** The call's line is written: its held statuses follow it at once, within the same turn of the chain. */
  private async afterToolCall(callId: string): Promise<void> {
    this.writtenCalls.add(callId)
    const held = this.heldStatuses.get(callId)
    if (!held) return
    clearTimeout(held.timer)
    this.heldStatuses.delete(callId)
    for (const data of held.statuses) {
      try {
        await this.app.events.append(this.runId, MCP_TASK_STATUS_EVENT, data)
      } catch (error) {
        warnStatusNotRecorded(this.runId, data, error)
      }
    }
  }
}
