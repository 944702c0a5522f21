/**
 * WorkflowExecutor: a whole workflow used as one node of another.
 *
 * Each message runs the child workflow to idle. The child's outputs are sent on along the parent's
 * edges (or, with allowDirectOutput, yielded as the parent's outputs). Progress events of the child
 * (agent updates and responses, warnings, custom events) are forwarded so token usage and live text
 * stay visible. A child failure fails this executor.
 *
 * The child's requests for outside input go one of two ways, as in the reference:
 * - by default each is sent along the parent's edges as a SubWorkflowRequestMessage; an executor of
 *   the parent that takes it answers with `request.createResponse(answer)` sent back here (or asks
 *   outside the run itself and answers later). A request no executor takes goes unanswered.
 * - with propagateRequest, each surfaces as a request_info of the parent with the same request id.
 * Either way the answer is handed to the child, which continues; the child alone knows which of its
 * requests are still open, so an answer to anything else is ignored with a warning.
 */
import type { WorkflowContext } from './context'
import type { WorkflowEvent } from './events'
import { Executor, type ExecutorJSON } from './executor'
import type { HasNestedSignature } from './graph-signature'
import type { WorkflowCheckpoint } from './checkpoint'
import { SubWorkflowRequestMessage, SubWorkflowResponseMessage } from './sub-workflow-messages'
import type { Workflow, WorkflowRunOptions } from './workflow'

export interface WorkflowExecutorOptions {
  id: string
  /** Yield the child's outputs as outputs of the parent instead of sending them as messages. */
  allowDirectOutput?: boolean
  /**
   * Surface the child's requests as request_info of the parent (same request id) instead of
   * sending them as SubWorkflowRequestMessage to the parent's executors. Default false.
   */
  propagateRequest?: boolean
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

type ParentContext = WorkflowContext<unknown, unknown>

export class WorkflowExecutor extends Executor<unknown, unknown, unknown> implements HasNestedSignature {
  readonly workflow: Workflow
  private readonly allowDirectOutput: boolean
  private readonly propagateRequest: boolean
  /** The child runs one run at a time; invocations arriving together wait their turn. */
  private turn: Promise<unknown> = Promise.resolve()

  constructor(workflow: Workflow, options: WorkflowExecutorOptions) {
    super(options.id)
    this.workflow = workflow
    this.allowDirectOutput = options.allowDirectOutput ?? false
    this.propagateRequest = options.propagateRequest ?? false
    // Answers to propagated requests come back as responses of the parent run.
    this.addResponseHandler((_request, response, ctx, requestId) => this.serialized(() => this.resumeChild(requestId, response, ctx)))
  }

  nestedGraphSignature(): string {
    return this.workflow.graphSignature
  }

  /**
   * Everything except another sub-workflow's request, which is input only for a child that takes it
   * (the reference offers a WorkflowExecutor only what its child's start executor accepts).
   */
  override canHandle(message: unknown): boolean {
    if (message instanceof SubWorkflowRequestMessage) return this.workflow.getStartExecutor().canHandle(message)
    return super.canHandle(message)
  }

  protected override handle(message: unknown, ctx: ParentContext): Promise<void> {
    if (message instanceof SubWorkflowResponseMessage) {
      return this.serialized(() => this.resumeChild(message.sourceEvent.requestId, message.data, ctx))
    }
    return this.serialized(() => this.startChild(message, ctx))
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

  private startChild(message: unknown, ctx: ParentContext): Promise<void> {
    const pending = this.workflow.pendingRequests.length
    if (pending > 0) {
      ctx.addEvent({
        type: 'warning',
        executorId: this.id,
        message:
          `WorkflowExecutor ${this.id} received a new input message while its sub-workflow (${this.workflow.name}) still has ` +
          `${pending} pending request(s) from an unfinished request/response cycle. The sub-workflow is a single shared instance, ` +
          'so the new input advances shared state and can interfere with the in-flight cycle. Ensure the sub-workflow is ' +
          'stateless, or complete the pending cycle before sending new input.',
      })
    }
    return this.runChild(message, { signal: ctx.signal }, ctx)
  }

  /** Hands one answer to the child, which validates it against the request and continues. */
  private resumeChild(requestId: string, response: unknown, ctx: ParentContext): Promise<void> {
    if (!this.workflow.pendingRequests.some((request) => request.requestId === requestId)) {
      ctx.addEvent({
        type: 'warning',
        executorId: this.id,
        message: `WorkflowExecutor ${this.id} received a response for an unknown or already-handled request_id: ${requestId}. This response will be ignored.`,
      })
      return Promise.resolve()
    }
    return this.runChild(undefined, { responses: { [requestId]: response }, signal: ctx.signal }, ctx)
  }

  /** The child streams when the parent does, so agent updates inside it stay live. */
  private async runChild(message: unknown, options: WorkflowRunOptions, ctx: ParentContext): Promise<void> {
    const events = ctx.isStreaming ? this.workflow.runStream(message, options) : (await this.workflow.run(message, options)).events
    await this.forward(events, ctx)
  }

  private async forward(events: AsyncIterable<WorkflowEvent> | Iterable<WorkflowEvent>, ctx: ParentContext): Promise<void> {
    // As in the reference, the child's outputs are sent before its requests.
    let requests: SubWorkflowRequestMessage[] | undefined
    for await (const event of events) {
      if (event.type === 'output') {
        if (this.allowDirectOutput) ctx.yieldOutput(event.data)
        else ctx.sendMessage(event.data)
      } else if (event.type === 'request_info') {
        if (this.propagateRequest) ctx.requestInfo(event.data, { requestId: event.requestId })
        else (requests ??= []).push(new SubWorkflowRequestMessage(event, this.id))
      } else if (FORWARDED_EVENTS.has(event.type)) {
        ctx.addEvent(event)
      }
    }
    if (requests) for (const request of requests) ctx.sendMessage(request)
  }
}
