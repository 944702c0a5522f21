/**
 * An agent node that talks in a stored conversation (registry.agentConversation): each agent run
 * gets only the new messages, and the conversation's history provider adds what was said before (within
 * the agent's history window) and stores what is new. So the conversation outlives the run: a
 * conversation turn continues it next time, and a workflow run's agent can be continued in chat.
 *
 * Checkpoints keep how long the conversation was at the end of the superstep. A superstep cut off
 * (its worker died) is replayed from the checkpoint before it: whatever it had stored past that
 * length is forgotten first, so a replayed or resumed turn neither loses nor repeats messages.
 */
import {
  Executor,
  Message,
  runAgentWithEvents,
  toApprovalResponse,
  type Agent,
  type FunctionApprovalRequestContent,
  type FunctionApprovalResponseContent,
  type WorkflowContext,
} from '@/lib/core'
import { messageText, toAgentInput } from './messages'
import type { AgentConversation } from './registry'

interface ConversationAgentState {
  length: number
  pendingApprovals: Record<string, FunctionApprovalRequestContent>
  approvalResponses: FunctionApprovalResponseContent[]
}

export class ConversationAgentExecutor extends Executor<unknown, string, never> {
  private length: number
  private pendingApprovals = new Map<string, FunctionApprovalRequestContent>()
  private approvalResponses: FunctionApprovalResponseContent[] = []

  constructor(
    private readonly agent: Agent,
    id: string,
    private readonly conversation: AgentConversation,
  ) {
    super(id)
    this.outputCapable = false
    this.length = conversation.startLength
    this.addHandler(undefined, (input, ctx) => this.runAgent(toMessages(toAgentInput(input)), ctx))
    this.addResponseHandler((request, response, ctx) => this.onApproval(request as FunctionApprovalRequestContent, response, ctx), {
      request: isApprovalRequest,
    })
  }

  override reset(): void {
    this.length = this.conversation.startLength
    this.pendingApprovals.clear()
    this.approvalResponses = []
  }

  override onCheckpointSave(): ConversationAgentState {
    return { length: this.length, pendingApprovals: Object.fromEntries(this.pendingApprovals), approvalResponses: this.approvalResponses }
  }

  override onCheckpointRestore(state: unknown): void {
    const restored = state as Partial<ConversationAgentState>
    this.length = restored.length ?? this.conversation.startLength
    this.pendingApprovals = new Map(Object.entries(restored.pendingApprovals ?? {}))
    this.approvalResponses = [...(restored.approvalResponses ?? [])]
  }

  private async onApproval(request: FunctionApprovalRequestContent, response: unknown, ctx: WorkflowContext<string, never>): Promise<void> {
    if (!this.pendingApprovals.delete(request.id)) return
    this.approvalResponses.push(toApprovalResponse(request, response))
    if (this.pendingApprovals.size > 0) return
    const answers = new Message({ role: 'user', contents: this.approvalResponses })
    this.approvalResponses = []
    await this.runAgent([answers], ctx)
  }

  private async runAgent(messages: Message[], ctx: WorkflowContext<string, never>): Promise<void> {
    // Whatever an attempt cut off after the last checkpoint stored is not part of the conversation.
    await this.conversation.truncate(this.length)
    const response = await runAgentWithEvents(this.agent, messages, { session: this.conversation.session, signal: ctx.signal }, this.id, ctx)
    this.length = await this.conversation.length()
    const requests = response.userInputRequests
    if (requests.length > 0) {
      for (const request of requests) {
        this.pendingApprovals.set(request.id, request)
        ctx.requestInfo(request, { requestId: request.id })
      }
      return
    }
    await ctx.sendMessage(messageText(response))
  }
}

function toMessages(input: string | Message | Message[]): Message[] {
  if (typeof input === 'string') return [new Message({ role: 'user', text: input })]
  return Array.isArray(input) ? input : [input]
}

function isApprovalRequest(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'function_approval_request'
}
