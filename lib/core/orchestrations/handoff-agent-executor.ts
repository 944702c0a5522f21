/**
 * One agent of a handoff orchestration. Each run offers the agent `handoff_to_<id>` tools for the
 * agents it may hand off to; when the model calls one, the conversation moves to that agent. When
 * the agent answers without handing off, the conversation either ends (termination condition), or
 * continues autonomously (up to the turn limit), or waits for the user (a request_info whose answer
 * — text or messages — is added to the conversation).
 */
import { Message, type Content, type FunctionApprovalRequestContent, type FunctionApprovalResponseContent } from '../types'
import { FunctionTool } from '../tools/function-tool'
import { toApprovalResponse } from '../workflows/agent-executor'
import type { SupportsAgentRun } from '../agent-protocol'
import { runAgentWithEvents } from '../workflows/agent-run'
import type { WorkflowContext } from '../workflows/context'
import { Executor } from '../workflows/executor'
import { UserError } from '../errors'
import { isConversationInput, toConversation, withAuthor } from './conversation'
import type { TerminationCondition } from './group-chat'

export const DEFAULT_AUTONOMOUS_PROMPT = 'User did not respond. Continue assisting autonomously.'
export const DEFAULT_AUTONOMOUS_TURN_LIMIT = 50

/** The conversation handed from one agent to the next. */
export class HandoffRequest {
  constructor(
    readonly conversation: Message[],
    readonly sourceId: string,
  ) {}
}

export interface HandoffUserInputRequest {
  type: 'handoff_user_input'
  /** The agent waiting for the user. */
  agentId: string
  /** What the agent said last. */
  text: string
  conversation: Message[]
}

export interface HandoffTarget {
  id: string
  description: string
}

export interface HandoffAgentSettings {
  targets: HandoffTarget[]
  autonomous: boolean
  autonomousPrompt: string
  turnLimit: number
  terminationCondition?: TerminationCondition
}

export function handoffToolName(targetId: string): string {
  return `handoff_to_${targetId.replace(/[^A-Za-z0-9_-]/g, '_')}`
}

interface HandoffState {
  conversation: Message[]
  autonomousTurns: number
  pendingApprovals: Record<string, FunctionApprovalRequestContent>
  approvalResponses: FunctionApprovalResponseContent[]
}

type Context = WorkflowContext<HandoffRequest, Message[]>

export class HandoffAgentExecutor extends Executor<unknown, HandoffRequest, Message[]> {
  private readonly tools: FunctionTool[]
  private readonly targetByTool = new Map<string, string>()
  private state: HandoffState = emptyState()

  constructor(
    id: string,
    readonly agent: SupportsAgentRun,
    private readonly settings: HandoffAgentSettings,
  ) {
    super(id)
    this.tools = settings.targets.map((target) => {
      const name = handoffToolName(target.id)
      this.targetByTool.set(name, target.id)
      return new FunctionTool({
        name,
        description: `Hand the conversation off to ${target.id}: ${target.description}`,
        inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        execute: () => `Handed off to ${target.id}.`,
      })
    })
    this.addHandler<HandoffRequest>(
      (m) => m instanceof HandoffRequest,
      (request, ctx) => this.receive(request.conversation, ctx),
    )
    this.addHandler(isConversationInput, (input, ctx) => this.receive(toConversation(input), ctx))
    this.addResponseHandler((request, answer, ctx) => this.onAnswer(request, answer, ctx))
  }

  override reset(): void {
    this.state = emptyState()
  }

  override onCheckpointSave(): HandoffState {
    return this.state
  }

  override onCheckpointRestore(saved: unknown): void {
    const restored = saved as Partial<HandoffState>
    this.state = {
      conversation: [...(restored.conversation ?? [])],
      autonomousTurns: restored.autonomousTurns ?? 0,
      pendingApprovals: { ...(restored.pendingApprovals ?? {}) },
      approvalResponses: [...(restored.approvalResponses ?? [])],
    }
  }

  private async receive(conversation: Message[], ctx: Context): Promise<void> {
    this.state = { ...emptyState(), conversation: [...conversation] }
    await this.respond(ctx)
  }

  private async onAnswer(request: unknown, answer: unknown, ctx: Context): Promise<void> {
    const kind = (request as { type?: unknown }).type
    if (kind === 'function_approval_request') {
      const approval = request as FunctionApprovalRequestContent
      if (!(approval.id in this.state.pendingApprovals)) return
      delete this.state.pendingApprovals[approval.id]
      this.state.approvalResponses.push(toApprovalResponse(approval, answer))
      if (Object.keys(this.state.pendingApprovals).length > 0) return
      this.state.conversation.push(new Message({ role: 'user', contents: this.state.approvalResponses }))
      this.state.approvalResponses = []
      return this.respond(ctx)
    }
    if (!isConversationInput(answer)) throw new UserError('The answer to a handoff user-input request must be text or messages.')
    this.state.conversation.push(...toConversation(answer))
    this.state.autonomousTurns = 0
    await this.respond(ctx)
  }

  private async respond(ctx: Context): Promise<void> {
    for (;;) {
      const response = await runAgentWithEvents(
        this.agent,
        withoutHandoffCalls(this.state.conversation),
        { tools: this.tools, signal: ctx.signal },
        this.id,
        ctx,
      )
      for (const message of response.messages) this.state.conversation.push(message.role === 'assistant' ? withAuthor(message, this.id) : message)
      const approvals = response.userInputRequests
      if (approvals.length > 0) {
        for (const approval of approvals) {
          this.state.pendingApprovals[approval.id] = approval
          ctx.requestInfo(approval, { requestId: approval.id })
        }
        return
      }
      const target = this.handoffTarget(response.messages)
      if (target) {
        ctx.addEvent({ type: 'handoff_sent', executorId: this.id, source: this.id, target })
        ctx.sendMessage(new HandoffRequest(withoutHandoffCalls(this.state.conversation), this.id), target)
        return
      }
      const conversation = withoutHandoffCalls(this.state.conversation)
      if (this.settings.terminationCondition && (await this.settings.terminationCondition(conversation))) {
        ctx.yieldOutput(conversation)
        return
      }
      if (this.settings.autonomous && this.state.autonomousTurns < this.settings.turnLimit) {
        this.state.autonomousTurns++
        this.state.conversation.push(new Message({ role: 'user', text: this.settings.autonomousPrompt }))
        continue
      }
      const request: HandoffUserInputRequest = { type: 'handoff_user_input', agentId: this.id, text: response.text, conversation }
      ctx.requestInfo(request)
      return
    }
  }

  /** The first handoff tool the agent actually called in this run. */
  private handoffTarget(messages: readonly Message[]): string | undefined {
    const executed = new Set<string>()
    for (const message of messages) for (const content of message.contents) if (content.type === 'function_result') executed.add(content.callId)
    for (const message of messages) {
      for (const content of message.contents) {
        if (content.type === 'function_call' && executed.has(content.callId)) {
          const target = this.targetByTool.get(content.name)
          if (target) return target
        }
      }
    }
    return undefined
  }
}

function emptyState(): HandoffState {
  return { conversation: [], autonomousTurns: 0, pendingApprovals: {}, approvalResponses: [] }
}

function isHandoffCall(content: Content): boolean {
  return content.type === 'function_call' && content.name.startsWith('handoff_to_')
}

/** The conversation without the handoff tool calls and their results (other agents lack those tools). */
export function withoutHandoffCalls(conversation: readonly Message[]): Message[] {
  const handoffCallIds = new Set<string>()
  for (const message of conversation)
    for (const content of message.contents) if (isHandoffCall(content)) handoffCallIds.add((content as { callId: string }).callId)
  if (handoffCallIds.size === 0) return [...conversation]
  const cleaned: Message[] = []
  for (const message of conversation) {
    const contents = message.contents.filter(
      (content) => !isHandoffCall(content) && !(content.type === 'function_result' && handoffCallIds.has(content.callId)),
    )
    if (contents.length === message.contents.length) cleaned.push(message)
    else if (contents.length > 0) cleaned.push(new Message({ role: message.role, contents, authorName: message.authorName, messageId: message.messageId }))
  }
  return cleaned
}
