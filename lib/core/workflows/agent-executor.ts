/**
 * AgentExecutor: runs an agent as a workflow node.
 *
 * Input: a string, a Message, Message[], an AgentExecutorRequest (messages + whether to answer now)
 * or the AgentExecutorResponse of a previous agent (whose full conversation is continued).
 * After each agent run it emits an `agent_response` event (text + token usage), yields the
 * AgentResponse as a workflow output and sends an AgentExecutorResponse along its edges.
 * In a streamed run every update of the agent is surfaced as an `agent_update` event.
 *
 * The executor keeps its own copy of the conversation and sends all of it on each run (no
 * session is needed, so the result does not depend on the agent's history providers); pass a
 * session in the options to use one anyway. Tool calls that need approval become request_info
 * requests (the request is the function_approval_request content, its id is the request id); answer
 * them with `true`/`false`, `{ approved }` or a function_approval_response content.
 */
import { UserError } from '../errors'
import {
  AgentResponse,
  Message,
  toFunctionApprovalResponse,
  type FunctionApprovalRequestContent,
  type FunctionApprovalResponseContent,
  type MessageJSON,
} from '../types'
import type { WorkflowContext } from './context'
import { registerCheckpointType, type JSONValue } from './encoding'
import { Executor } from './executor'
import type { SupportsAgentRun } from '../agent-protocol'
import { runAgentWithEvents } from './agent-run'

export type { SupportsAgentRun } from '../agent-protocol'

export function isAgentLike(value: unknown): value is SupportsAgentRun {
  if (typeof value !== 'object' || value === null || value instanceof Executor) return false
  const candidate = value as Partial<SupportsAgentRun>
  return typeof candidate.run === 'function' && typeof candidate.runStream === 'function'
}

/** The executor id an agent gets: its name, else its id. */
export function resolveAgentId(agent: SupportsAgentRun): string {
  const id = agent.name || agent.id
  if (!id) throw new UserError('An agent used in a workflow needs a name or an id.')
  return id
}

/** Messages for an agent; with shouldRespond false they are only remembered for its next turn. */
export class AgentExecutorRequest {
  constructor(
    readonly messages: Message[],
    readonly shouldRespond = true,
  ) {}
}

/** What an AgentExecutor sends downstream after a run. */
export class AgentExecutorResponse {
  constructor(
    readonly executorId: string,
    readonly agentResponse: AgentResponse,
    /** The conversation the agent saw plus its reply. */
    readonly fullConversation: Message[],
  ) {}
}

export interface AgentExecutorOptions {
  id?: string
  /** Yield each AgentResponse as a workflow output (default true). */
  outputResponse?: boolean
  /** Passed to every agent run (for agents that keep history in a session). */
  session?: unknown
}

interface AgentExecutorState {
  conversation: Message[]
  pendingApprovals: Record<string, FunctionApprovalRequestContent>
  approvalResponses: FunctionApprovalResponseContent[]
}

export class AgentExecutor extends Executor<unknown, AgentExecutorResponse, AgentResponse> {
  readonly agent: SupportsAgentRun
  private readonly outputResponse: boolean
  private readonly session: unknown
  private conversation: Message[] = []
  private pendingApprovals = new Map<string, FunctionApprovalRequestContent>()
  private approvalResponses: FunctionApprovalResponseContent[] = []

  constructor(agent: SupportsAgentRun, options: AgentExecutorOptions = {}) {
    super(options.id ?? resolveAgentId(agent))
    this.agent = agent
    this.outputResponse = options.outputResponse ?? true
    this.session = options.session
    this.addHandler(isAgentInput, (input, ctx) => this.onInput(input, ctx))
    this.addResponseHandler((request, response, ctx) => this.onApproval(request, response, ctx), { request: isApprovalRequest })
  }

  /** Everything the agent has seen and said in this run. */
  get messages(): readonly Message[] {
    return this.conversation
  }

  override reset(): void {
    this.conversation = []
    this.pendingApprovals.clear()
    this.approvalResponses = []
  }

  override onCheckpointSave(): AgentExecutorState {
    return {
      conversation: this.conversation,
      pendingApprovals: Object.fromEntries(this.pendingApprovals),
      approvalResponses: this.approvalResponses,
    }
  }

  override onCheckpointRestore(state: unknown): void {
    const restored = state as Partial<AgentExecutorState>
    this.conversation = (restored.conversation ?? []).map(toMessage)
    this.pendingApprovals = new Map(Object.entries(restored.pendingApprovals ?? {}))
    this.approvalResponses = [...(restored.approvalResponses ?? [])]
  }

  override toJSON() {
    return { ...super.toJSON(), agentName: this.agent.name ?? null, description: this.agent.description ?? null }
  }

  private async onInput(input: unknown, ctx: WorkflowContext<AgentExecutorResponse, AgentResponse>): Promise<void> {
    if (input instanceof AgentExecutorResponse) {
      this.conversation = [...input.fullConversation]
      return this.runAgent(ctx)
    }
    if (input instanceof AgentExecutorRequest) {
      this.conversation.push(...input.messages)
      if (input.shouldRespond) await this.runAgent(ctx)
      return
    }
    this.conversation.push(...toMessages(input))
    await this.runAgent(ctx)
  }

  private async onApproval(request: unknown, response: unknown, ctx: WorkflowContext<AgentExecutorResponse, AgentResponse>): Promise<void> {
    const approvalRequest = request as FunctionApprovalRequestContent
    if (!this.pendingApprovals.delete(approvalRequest.id)) return
    this.approvalResponses.push(toApprovalResponse(approvalRequest, response))
    if (this.pendingApprovals.size > 0) return
    this.conversation.push(new Message({ role: 'user', contents: this.approvalResponses }))
    this.approvalResponses = []
    await this.runAgent(ctx)
  }

  private async runAgent(ctx: WorkflowContext<AgentExecutorResponse, AgentResponse>): Promise<void> {
    const options = this.session === undefined ? { signal: ctx.signal } : { session: this.session, signal: ctx.signal }
    const response = await runAgentWithEvents(this.agent, [...this.conversation], options, this.id, ctx)
    this.conversation.push(...response.messages)
    const requests = response.userInputRequests
    if (requests.length > 0) {
      for (const request of requests) {
        this.pendingApprovals.set(request.id, request)
        ctx.requestInfo(request, { requestId: request.id })
      }
      return
    }
    if (this.outputResponse) ctx.yieldOutput(response)
    ctx.sendMessage(new AgentExecutorResponse(this.id, response, [...this.conversation]))
  }
}

function isMessageArray(value: unknown): value is Array<string | Message> {
  return Array.isArray(value) && value.every((item) => typeof item === 'string' || item instanceof Message)
}

function isAgentInput(value: unknown): boolean {
  return (
    typeof value === 'string' ||
    value instanceof Message ||
    value instanceof AgentExecutorRequest ||
    value instanceof AgentExecutorResponse ||
    value instanceof AgentResponse ||
    isMessageArray(value)
  )
}

function isApprovalRequest(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'function_approval_request'
}

function toMessages(input: unknown): Message[] {
  if (typeof input === 'string') return [new Message({ role: 'user', text: input })]
  if (input instanceof Message) return [input]
  if (input instanceof AgentResponse) return input.messages
  return (input as Array<string | Message>).map((item) => (typeof item === 'string' ? new Message({ role: 'user', text: item }) : item))
}

export function toMessage(value: unknown): Message {
  return value instanceof Message ? value : Message.fromJSON(value as MessageJSON)
}

export function toApprovalResponse(request: FunctionApprovalRequestContent, response: unknown): FunctionApprovalResponseContent {
  if (typeof response === 'boolean') return toFunctionApprovalResponse(request, response)
  if (typeof response === 'object' && response !== null) {
    const candidate = response as { type?: unknown; approved?: unknown }
    if (candidate.type === 'function_approval_response') return response as FunctionApprovalResponseContent
    if (typeof candidate.approved === 'boolean') return toFunctionApprovalResponse(request, candidate.approved)
  }
  throw new UserError(`The answer to approval request '${request.id}' must be true/false or { approved: boolean }.`)
}

// Messages in flight between agents survive checkpoints with their classes.
registerCheckpointType<AgentResponse>('AgentResponse', {
  is: (value): value is AgentResponse => value instanceof AgentResponse,
  encode: (value) => value.toJSON() as unknown as JSONValue,
  decode: (json) => AgentResponse.fromJSON(json as never),
})
registerCheckpointType<AgentExecutorRequest>('AgentExecutorRequest', {
  is: (value): value is AgentExecutorRequest => value instanceof AgentExecutorRequest,
  encode: (value) => ({ messages: value.messages.map((m) => m.toJSON()) as unknown as JSONValue, shouldRespond: value.shouldRespond }),
  decode: (json) => {
    const { messages, shouldRespond } = json as { messages: unknown[]; shouldRespond: boolean }
    return new AgentExecutorRequest(messages.map(toMessage), shouldRespond)
  },
})
registerCheckpointType<AgentExecutorResponse>('AgentExecutorResponse', {
  is: (value): value is AgentExecutorResponse => value instanceof AgentExecutorResponse,
  encode: (value) => ({
    executorId: value.executorId,
    agentResponse: value.agentResponse.toJSON() as unknown as JSONValue,
    fullConversation: value.fullConversation.map((m) => m.toJSON()) as unknown as JSONValue,
  }),
  decode: (json) => {
    const { executorId, agentResponse, fullConversation } = json as { executorId: string; agentResponse: never; fullConversation: unknown[] }
    return new AgentExecutorResponse(executorId, AgentResponse.fromJSON(agentResponse), fullConversation.map(toMessage))
  },
})
