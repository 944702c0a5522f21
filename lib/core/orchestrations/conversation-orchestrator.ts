/**
 * Shared core of the orchestrators that keep one conversation and hand turns to participants
 * (group chat, Magentic): the conversation, the round count, and what each participant has seen,
 * all kept in checkpoints.
 */
import { Message } from '../types'
import { AgentExecutorRequest, AgentExecutorResponse } from '../workflows/agent-executor'
import type { WorkflowContext } from '../workflows/context'
import { Executor } from '../workflows/executor'
import { isConversationInput, toConversation, withAuthor } from './conversation'

export interface ConversationState {
  conversation: Message[]
  /** Participant turns completed. */
  round: number
  /** How many conversation messages each participant has already received. */
  seen: Record<string, number>
}

type Context = WorkflowContext<AgentExecutorRequest, Message[]>

export abstract class ConversationOrchestrator extends Executor<unknown, AgentExecutorRequest, Message[]> {
  protected state: ConversationState = { conversation: [], round: 0, seen: {} }
  protected readonly participantIds: string[]

  constructor(
    id: string,
    protected readonly participants: readonly Executor[],
  ) {
    super(id)
    this.participantIds = participants.map((p) => p.id)
    this.addHandler<AgentExecutorResponse>(
      (m) => m instanceof AgentExecutorResponse,
      (response, ctx) => this.receiveReply(response, ctx),
    )
    this.addHandler(isConversationInput, (input, ctx) => this.start(input, ctx))
  }

  protected abstract onStart(ctx: Context): Promise<void>
  protected abstract onReply(response: AgentExecutorResponse, ctx: Context): Promise<void>
  /** Subclass state to keep in checkpoints (JSON-encodable). */
  protected saveExtra(): Record<string, unknown> {
    return {}
  }
  protected restoreExtra(state: Record<string, unknown>): void {
    void state
  }
  protected resetExtra(): void {}

  override reset(): void {
    this.state = { conversation: [], round: 0, seen: {} }
    this.resetExtra()
  }

  override onCheckpointSave(): unknown {
    return { ...this.saveExtra(), conversation: this.state.conversation, round: this.state.round, seen: this.state.seen }
  }

  override onCheckpointRestore(saved: unknown): void {
    const { conversation, round, seen, ...extra } = saved as ConversationState & Record<string, unknown>
    this.state = { conversation: [...(conversation ?? [])], round: round ?? 0, seen: { ...(seen ?? {}) } }
    this.restoreExtra(extra)
  }

  /** Adds messages to the conversation and asks a participant to answer what it has not seen yet. */
  protected askParticipant(participantId: string, extra: Message[], ctx: Context): void {
    this.state.conversation.push(...extra)
    const from = this.state.seen[participantId] ?? 0
    this.state.seen[participantId] = this.state.conversation.length
    ctx.sendMessage(new AgentExecutorRequest(this.state.conversation.slice(from), true), participantId)
  }

  private async start(input: unknown, ctx: Context): Promise<void> {
    this.reset()
    this.state.conversation = toConversation(input)
    await this.onStart(ctx)
  }

  private async receiveReply(response: AgentExecutorResponse, ctx: Context): Promise<void> {
    this.state.round++
    for (const message of response.agentResponse.messages) this.state.conversation.push(withAuthor(message, response.executorId))
    this.state.seen[response.executorId] = this.state.conversation.length
    await this.onReply(response, ctx)
  }
}
