/**
 * Human review of agent replies inside orchestrations (`withRequestInfo`). A review gate sits
 * after an agent: each reply becomes a request_info whose data is an AgentReviewRequest. The answer
 * either approves the reply (the orchestration continues with it) or gives feedback, which is sent
 * back to the agent as a new user message; the agent answers again and the gate asks again.
 *
 * Answers: `true`, `{ approved: true }` or AgentRequestInfoResponse.approve() approve; a string,
 * `{ feedback }`, `{ messages }` or AgentRequestInfoResponse.fromStrings([...]) give feedback.
 */
import { UserError } from '../errors'
import { AgentResponse, Message } from '../types'
import { AgentExecutor, AgentExecutorRequest, AgentExecutorResponse } from '../workflows/agent-executor'
import type { WorkflowContext } from '../workflows/context'
import { Executor } from '../workflows/executor'

export interface AgentReviewRequest {
  type: 'agent_review'
  /** The agent whose reply is reviewed. */
  executorId: string
  text: string
  responseMessages: Message[]
  conversation: Message[]
}

export type AgentReviewAnswer = boolean | string | { approved: true } | { approved?: false; feedback?: string; messages?: Array<Message | string> }

export const AgentRequestInfoResponse = {
  approve(): { approved: true } {
    return { approved: true }
  },
  fromStrings(texts: string[]): { approved: false; messages: string[] } {
    return { approved: false, messages: [...texts] }
  },
  fromMessages(messages: Message[]): { approved: false; messages: Message[] } {
    return { approved: false, messages: [...messages] }
  },
}

/** Feedback messages for the agent, or undefined when the answer approves the reply. */
export function feedbackFromAnswer(answer: unknown): Message[] | undefined {
  if (answer === true) return undefined
  if (typeof answer === 'string') return [new Message({ role: 'user', text: answer })]
  if (typeof answer === 'object' && answer !== null) {
    const candidate = answer as { approved?: unknown; feedback?: unknown; messages?: unknown }
    if (candidate.approved === true) return undefined
    if (typeof candidate.feedback === 'string') return [new Message({ role: 'user', text: candidate.feedback })]
    if (Array.isArray(candidate.messages) && candidate.messages.length > 0) {
      return candidate.messages.map((item) => (typeof item === 'string' ? new Message({ role: 'user', text: item }) : (item as Message)))
    }
  }
  throw new UserError('A review answer must approve the reply (true or { approved: true }) or give feedback (a string, { feedback } or { messages }).')
}

function isValidAnswer(answer: unknown): boolean {
  try {
    feedbackFromAnswer(answer)
    return true
  } catch {
    return false
  }
}

export class AgentReviewGate extends Executor<AgentExecutorResponse, AgentExecutorRequest | AgentExecutorResponse, never> {
  constructor(
    id: string,
    private readonly agentExecutorId: string,
    private readonly nextExecutorId: string,
  ) {
    super(id)
    this.outputCapable = false
    this.addHandler<AgentExecutorResponse>(
      (m) => m instanceof AgentExecutorResponse,
      (response, ctx) => this.askForReview(response, ctx),
    )
    this.addResponseHandler<AgentReviewRequest, unknown>((request, answer, ctx) => this.onAnswer(request, answer, ctx))
  }

  private askForReview(response: AgentExecutorResponse, ctx: WorkflowContext<AgentExecutorRequest | AgentExecutorResponse, never>): void {
    const request: AgentReviewRequest = {
      type: 'agent_review',
      executorId: response.executorId,
      text: response.agentResponse.text,
      responseMessages: response.agentResponse.messages,
      conversation: response.fullConversation,
    }
    ctx.requestInfo(request, { responseSchema: isValidAnswer })
  }

  private onAnswer(request: AgentReviewRequest, answer: unknown, ctx: WorkflowContext<AgentExecutorRequest | AgentExecutorResponse, never>): void {
    const feedback = feedbackFromAnswer(answer)
    if (feedback) {
      ctx.sendMessage(new AgentExecutorRequest(feedback, true), this.agentExecutorId)
      return
    }
    const response = new AgentExecutorResponse(request.executorId, new AgentResponse({ messages: request.responseMessages }), request.conversation)
    ctx.sendMessage(response, this.nextExecutorId)
  }
}

export interface RequestInfoSelection {
  /** The agents whose replies are reviewed; all agent participants when omitted. */
  agents?: unknown[]
}

/** The participants to put a review gate after. */
export function reviewedParticipantIds(
  participants: readonly Executor[],
  selection: RequestInfoSelection | undefined,
  find: (candidate: unknown) => Executor,
): Set<string> {
  if (!selection) return new Set()
  if (!selection.agents) return new Set(participants.filter((p) => p instanceof AgentExecutor).map((p) => p.id))
  return new Set(selection.agents.map((candidate) => find(candidate).id))
}
