/**
 * Group chat: an orchestrator picks who speaks next, round by round, until a termination condition
 * holds, the selection ends the chat or maxRounds is reached. The output is the conversation.
 *
 * Exactly one way of choosing the next speaker is given: a selection function
 * `(state: GroupChatState) => participantId | undefined` (undefined ends the chat) or an
 * orchestrator agent, asked for a JSON decision `{ terminate, reason, next_speaker, final_message }`.
 * Every participant keeps its own copy of the conversation and is sent only what it has not seen.
 *
 * Graph: orchestrator ⇄ each participant (⇄ review gate with withRequestInfo)
 */
import { UserError } from '../errors'
import { Message } from '../types'
import { AgentExecutorRequest, AgentExecutorResponse, isAgentLike, type SupportsAgentRun } from '../workflows/agent-executor'
import { WorkflowBuilder } from '../workflows/builder'
import type { WorkflowContext } from '../workflows/context'
import type { ExecutorLike } from '../workflows/edges'
import type { Executor } from '../workflows/executor'
import type { Workflow } from '../workflows/workflow'
import { findParticipant, participantDescription, resolveParticipants, defaultMaxIterations } from './participants'
import { AgentReviewGate, reviewedParticipantIds, type RequestInfoSelection } from './request-info'
import { ConversationOrchestrator } from './conversation-orchestrator'
import type { OrchestrationBuilderOptions } from './sequential'
import { parseJSONObject } from './json-reply'

export interface GroupChatState {
  /** Rounds completed so far (one round = one participant turn). */
  currentRound: number
  /** Participant ids with their descriptions. */
  participants: Record<string, string>
  conversation: readonly Message[]
}

export type GroupChatSelectionFunction = (state: GroupChatState) => string | null | undefined | Promise<string | null | undefined>
export type TerminationCondition = (conversation: readonly Message[]) => boolean | Promise<boolean>

export interface GroupChatBuilderOptions extends OrchestrationBuilderOptions {
  participants: ExecutorLike[]
  selectionFunction?: GroupChatSelectionFunction
  orchestratorAgent?: SupportsAgentRun
  terminationCondition?: TerminationCondition
  maxRounds?: number
}

interface SpeakerDecision {
  nextSpeaker?: string
  finalMessage?: string
}

export const GROUP_CHAT_ORCHESTRATOR_PROMPT = `You coordinate a group chat. The participants are:
{participants}

Read the conversation and decide who should speak next, or whether the task is complete.
Answer with only a JSON object: {"terminate": boolean, "reason": string, "next_speaker": string or null, "final_message": string or null}.
"next_speaker" must be one of the participant ids above.`

export class GroupChatOrchestrator extends ConversationOrchestrator {
  constructor(
    participants: Executor[],
    private readonly options: {
      selectionFunction?: GroupChatSelectionFunction
      orchestratorAgent?: SupportsAgentRun
      terminationCondition?: TerminationCondition
      maxRounds?: number
    },
  ) {
    super('group_chat_orchestrator', participants)
  }

  protected override async onStart(ctx: WorkflowContext<AgentExecutorRequest, Message[]>): Promise<void> {
    await this.nextTurn(ctx)
  }

  protected override async onReply(response: AgentExecutorResponse, ctx: WorkflowContext<AgentExecutorRequest, Message[]>): Promise<void> {
    ctx.addEvent({
      type: 'group_chat',
      executorId: this.id,
      data: { kind: 'response_received', round: this.state.round, participant: response.executorId, text: response.agentResponse.text },
    })
    await this.nextTurn(ctx)
  }

  private async nextTurn(ctx: WorkflowContext<AgentExecutorRequest, Message[]>): Promise<void> {
    const { terminationCondition, maxRounds } = this.options
    if (terminationCondition && (await terminationCondition(this.state.conversation))) return this.finish(ctx, 'termination_condition')
    if (maxRounds !== undefined && this.state.round >= maxRounds) return this.finish(ctx, 'max_rounds')
    const decision = await this.decide(ctx)
    if (decision.finalMessage) this.state.conversation.push(new Message({ role: 'assistant', text: decision.finalMessage, authorName: this.id }))
    if (!decision.nextSpeaker) return this.finish(ctx, 'orchestrator')
    if (!this.participantIds.includes(decision.nextSpeaker)) {
      throw new UserError(`The group chat selected '${decision.nextSpeaker}', which is not a participant (${this.participantIds.join(', ')}).`)
    }
    ctx.addEvent({
      type: 'group_chat',
      executorId: this.id,
      data: { kind: 'speaker_selected', round: this.state.round + 1, participant: decision.nextSpeaker },
    })
    this.askParticipant(decision.nextSpeaker, [], ctx)
  }

  private finish(ctx: WorkflowContext<AgentExecutorRequest, Message[]>, reason: string): void {
    ctx.addEvent({ type: 'group_chat', executorId: this.id, data: { kind: 'completed', rounds: this.state.round, reason } })
    ctx.yieldOutput([...this.state.conversation])
  }

  private groupState(): GroupChatState {
    const participants: Record<string, string> = {}
    for (const participant of this.participants) participants[participant.id] = participantDescription(participant)
    return { currentRound: this.state.round, participants, conversation: [...this.state.conversation] }
  }

  private async decide(ctx: WorkflowContext<AgentExecutorRequest, Message[]>): Promise<SpeakerDecision> {
    if (this.options.selectionFunction) {
      const selected = await this.options.selectionFunction(this.groupState())
      return { nextSpeaker: selected ?? undefined }
    }
    return this.askOrchestratorAgent(ctx)
  }

  private async askOrchestratorAgent(ctx: WorkflowContext<AgentExecutorRequest, Message[]>): Promise<SpeakerDecision> {
    const agent = this.options.orchestratorAgent!
    const roster = this.participants.map((p) => `- ${p.id}: ${participantDescription(p)}`).join('\n')
    const instruction = new Message({ role: 'user', text: GROUP_CHAT_ORCHESTRATOR_PROMPT.replace('{participants}', roster) })
    const response = await agent.run([...this.state.conversation, instruction], { signal: ctx.signal })
    if (response.usage) ctx.addEvent({ type: 'agent_response', executorId: this.id, text: response.text, usage: response.usage })
    const parsed = parseJSONObject(response.text)
    if (parsed) {
      if (parsed.terminate === true) return { finalMessage: stringOrUndefined(parsed.final_message) }
      const next = stringOrUndefined(parsed.next_speaker)
      if (next && this.participantIds.includes(next)) return { nextSpeaker: next }
    }
    const named = this.participantIds.find((id) => response.text.trim() === id)
    if (named) return { nextSpeaker: named }
    // A model that does not follow the format (the offline demo model, for one) still moves the chat along.
    const fallback = this.participantIds[this.state.round % this.participantIds.length]
    ctx.addEvent({ type: 'warning', executorId: this.id, message: `The orchestrator agent's reply was not a valid decision; '${fallback}' speaks next.` })
    return { nextSpeaker: fallback }
  }
}

function stringOrUndefined(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined
}

export class GroupChatBuilder {
  private readonly participants: Executor[]
  private reviewSelection?: RequestInfoSelection

  constructor(private readonly options: GroupChatBuilderOptions) {
    this.participants = resolveParticipants(options?.participants, 'GroupChatBuilder')
    const ways = [options.selectionFunction, options.orchestratorAgent].filter((way) => way !== undefined)
    if (ways.length !== 1) throw new UserError('GroupChatBuilder needs exactly one of orchestratorAgent or selectionFunction.')
    if (options.orchestratorAgent !== undefined && !isAgentLike(options.orchestratorAgent)) throw new UserError('orchestratorAgent must be an agent.')
    if (options.maxRounds !== undefined && (!Number.isInteger(options.maxRounds) || options.maxRounds < 1)) {
      throw new UserError('maxRounds must be a positive integer.')
    }
  }

  withRequestInfo(selection: RequestInfoSelection = {}): this {
    this.reviewSelection = selection
    return this
  }

  build(): Workflow {
    const reviewed = reviewedParticipantIds(this.participants, this.reviewSelection, (c) =>
      findParticipant(this.participants, c as ExecutorLike, 'GroupChatBuilder'),
    )
    const orchestrator = new GroupChatOrchestrator(this.participants, this.options)
    const builder = new WorkflowBuilder({
      startExecutor: orchestrator,
      name: this.options.name,
      description: this.options.description,
      checkpointStorage: this.options.checkpointStorage,
      maxIterations: this.options.maxIterations ?? defaultMaxIterations(3, Math.max(this.options.maxRounds ?? 30, this.participants.length)),
      outputFrom: [orchestrator],
    })
    for (const participant of this.participants) {
      builder.addEdge(orchestrator, participant)
      if (reviewed.has(participant.id)) {
        const gate = new AgentReviewGate(`${participant.id}-review`, participant.id, orchestrator.id)
        builder.addEdge(participant, gate).addEdge(gate, participant).addEdge(gate, orchestrator)
      } else {
        builder.addEdge(participant, orchestrator)
      }
    }
    return builder.build()
  }
}
