/**
 * WorkflowExecutor: a whole workflow used as one node of another.
 *
 * Each message runs the child workflow to idle. The child's outputs are sent on along the parent's
 * edges (or, with allowDirectOutput, yielded as the parent's outputs). The child's requests for
 * outside input surface as requests of the parent with the same request id; the answer is handed
 * back to the child, which continues. Progress events of the child (agent updates and responses,
 * warnings, custom events) are forwarded so token usage and live text stay visible.
 * A child failure fails this executor.
 */
import type { WorkflowContext } from './context'
import type { WorkflowEvent } from './events'
import { Executor, type ExecutorJSON } from './executor'
import type { HasNestedSignature } from './graph-signature'
import type { WorkflowCheckpoint } from './checkpoint'
import type { Workflow, WorkflowRunOptions } from './workflow'

export interface WorkflowExecutorOptions {
  id: string
  /** Yield the child's outputs as outputs of the parent instead of sending them as messages. */
  allowDirectOutput?: boolean
}

const FORWARDED_EVENTS = new Set<WorkflowEvent['type']>([
  'agent_update',
  'agent_response',
  'warning',
  'error',
  'custom',
  'group_chat',
  'handoff_sent',
  'magentic_orchestrator',
])

export class WorkflowExecutor extends Executor<unknown, unknown, unknown> implements HasNestedSignature {
  readonly workflow: Workflow
  private readonly allowDirectOutput: boolean
  /** The child runs one run at a time; invocations arriving together wait their turn. */
  private turn: Promise<unknown> = Promise.resolve()

  constructor(workflow: Workflow, options: WorkflowExecutorOptions) {
    super(options.id)
    this.workflow = workflow
    this.allowDirectOutput = options.allowDirectOutput ?? false
    this.addResponseHandler((_request, response, ctx, requestId) =>
      this.serialized(() => this.runChild(undefined, { responses: { [requestId]: response }, signal: ctx.signal }, ctx)),
    )
  }

  nestedGraphSignature(): string {
    return this.workflow.graphSignature
  }

  protected override handle(message: unknown, ctx: WorkflowContext<unknown, unknown>): Promise<void> {
    return this.serialized(() => this.runChild(message, { signal: ctx.signal }, ctx))
  }

  /** The child's resumable state, kept only while it waits for answers. */
  override async onCheckpointSave(): Promise<WorkflowCheckpoint | null> {
    await this.turn
    return this.workflow.pendingRequests.length > 0 ? this.workflow.createSnapshot() : null
  }

  override async onCheckpointRestore(state: unknown): Promise<void> {
    if (state) await this.workflow.restoreSnapshot(state as WorkflowCheckpoint)
  }

  override toJSON(): ExecutorJSON {
    return { ...super.toJSON(), workflow: this.workflow.toJSON() }
  }

  private serialized(task: () => Promise<void>): Promise<void> {
    const run = this.turn.then(task, task)
    this.turn = run.catch(() => undefined)
    return run
  }

  /** The child streams when the parent does, so agent updates inside it stay live. */
  private async runChild(message: unknown, options: WorkflowRunOptions, ctx: WorkflowContext<unknown, unknown>): Promise<void> {
    const events = ctx.isStreaming ? this.workflow.runStream(message, options) : (await this.workflow.run(message, options)).events
    await this.forward(events, ctx)
  }

  private async forward(events: AsyncIterable<WorkflowEvent> | Iterable<WorkflowEvent>, ctx: WorkflowContext<unknown, unknown>): Promise<void> {
    for await (const event of events) {
      if (event.type === 'output') {
        if (this.allowDirectOutput) ctx.yieldOutput(event.data)
        else ctx.sendMessage(event.data)
      } else if (event.type === 'request_info') {
        ctx.requestInfo(event.data, { requestId: event.requestId })
      } else if (FORWARDED_EVENTS.has(event.type)) {
        ctx.addEvent(event)
      }
    }
  }
}
