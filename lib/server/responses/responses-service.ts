/**
 * The Responses endpoint's service: a request becomes a run the app already knows, and the run's
 * events become the Responses answer.
 *
 * - An agent: one conversation turn (ConversationService.send), in a new conversation titled from
 *   the input, or continuing the one of `previous_response_id` (the turn that answered it) or of
 *   `conversation`. A turn already running there is a 409. A client may instead send the conversation
 *   so far in `input` (response-input.ts): the answers in it that this server gave (by their `msg_…` id)
 *   name the conversation to continue; a conversation whose answers came from elsewhere is stored anew,
 *   starting with the messages sent.
 * - A workflow: one run (RunService.create) with the input text as its start input; it has no
 *   conversation, so continuing one is a 400.
 * The response id is `resp_` and the run's id without dashes, so any response can be found again
 * (and continued) by its run, which the app shows among runs and in the conversation's chat.
 * `GET /v1/responses/{id}` rebuilds it from the run's stored events, as they stand.
 */
import type { CreateResponseRequest, ModelList, ResponseObject } from '@/lib/contracts/responses'
import { isTerminalStatus, type TokenUsage } from '@/lib/contracts/runs'
import type { AppContext } from '../app-context'
import { visibleTo, type Principal } from '../auth/principal'
import { ConversationService, type EarlierTurnMessage } from '../conversations/conversation-service'
import { DomainError, invalidInput, isDomainError, notFound } from '../domain-errors'
import { RunService } from '../runs/run-service'
import type { RunEvent } from '@/lib/contracts/run-events'
import { ResponseAssembly, type ResponseBase, type RunOutcome } from './response-assembly'
import { replyFormatOf, responseInput, unstoredInput, type SentBackItem, type StoredTurnInput } from './response-input'
import { resolveModel, type ResolvedAgent, type ResolvedModel } from './response-model'
import { runEvents, type FollowEnd } from '../runs/events/run-follower'
import { prepareUnstoredTurn, type UnstoredTurnInput } from './unstored-turn'
import type { ChatTurn } from './chat-completion-input'
import { listModels } from './model-list'
import { turnInputSchema, type ReplyFormat } from '../conversations/turn-document'

const STORED_EVENTS_PAGE = 500

const RESPONSE_ID = /^resp_([0-9a-f]{8})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{4})([0-9a-f]{12})$/

export function responseIdOf(runId: string): string {
  return `resp_${runId.replaceAll('-', '')}`
}

/** The run a response id names, or undefined when it is not one. */
export function runIdOfResponse(responseId: string): string | undefined {
  const match = RESPONSE_ID.exec(responseId)
  return match ? match.slice(1).join('-') : undefined
}

/** A started run (or an unstored turn, unstored-turn.ts) and what its response will say about it. */
export interface StartedResponse {
  base: ResponseBase
  /** The run's events, until it ends, waits for a person, or `signal` aborts (then it returns 'aborted'). */
  events(signal: AbortSignal): AsyncGenerator<RunEvent, FollowEnd>
  /** How the run ended, once the events did. */
  outcome(): Promise<RunOutcome>
  /** True for an unstored turn: nothing else will read it, so the client going away stops it. A stored run goes on. */
  stopsWithClient: boolean
}

/** What every response starts from, whatever runs it. */
type Common = Pick<ResponseBase, 'model' | 'metadata' | 'createdAt'>

const withParam = (error: DomainError, param: string) => new DomainError(error.code, error.message, { ...(error.details as object), param })

export class ResponsesService {
  private readonly conversations: ConversationService
  private readonly runs: RunService

  constructor(private readonly app: AppContext) {
    this.conversations = new ConversationService(app)
    this.runs = new RunService(app)
  }

  async start(principal: Principal, request: CreateResponseRequest): Promise<StartedResponse> {
    if (request.store === false) return this.startUnstored(principal, request)
    const input = responseInput(request)
    const replyFormat = replyFormatOf(request)
    const model = await this.resolve(principal, request.model)
    const common = { model: request.model, metadata: request.metadata ?? {}, createdAt: new Date() }
    if (model.kind === 'workflow') {
      refuseContinuation(request)
      refuseEarlierMessages(input)
      refuseReplyFormat(replyFormat)
      if (input.instructions !== undefined) {
        throw invalidInput('instructions_not_supported', 'A workflow takes no instructions: put what it needs into its input.', { param: 'instructions' })
      }
      return this.startWorkflowRun(principal, model, input.text, common)
    }
    const turn = { version: model.version, instructions: input.instructions, replyFormat, runNow: true }
    // A new conversation and its first turn are one statement; a continued one takes its turn as a chat message does.
    const continued = await this.continuedConversation(principal, request, model, input.earlier)
    const history = continued ? [] : await this.earlierMessages(principal, input.earlier)
    const { runId, conversationId } = continued
      ? { ...(await this.conversations.send(principal, continued, input.text, turn)), conversationId: continued }
      : await this.conversations.sendToNew(principal, model.id, input.text, { ...turn, history }).catch((error: unknown) => {
          if (!isDomainError(error)) throw error
          // The agent was just found: what is missing is the version asked for, said as the model's.
          if (model.version !== undefined) this.requireAgentVersion(model)
          throw withParam(error, 'model')
        })
    return this.stored({
      ...common,
      id: responseIdOf(runId),
      runId,
      kind: 'agent',
      instructions: input.instructions ?? null,
      previousResponseId: request.previous_response_id ?? null,
      conversationId,
    })
  }

  private async startWorkflowRun(principal: Principal, model: ResolvedModel, text: string, common: Common): Promise<StartedResponse> {
    const run = await this.runs.create(principal, { workflowId: model.id, version: model.version, input: text }, { runNow: true })
    const base = { ...common, id: responseIdOf(run.id), runId: run.id, kind: 'workflow' as const, instructions: null }
    return this.stored({ ...base, previousResponseId: null, conversationId: null, createdAt: new Date(run.createdAt) })
  }

  /**
   * A chat completion (chat-completions.ts): stateless, so an agent answers as with `store: false` (the client sends
   * the whole conversation, and nothing of it is kept); a workflow's run is stored, as it always is, and takes the
   * user's text alone as its input.
   */
  async startChat(principal: Principal, request: { model: string; metadata?: Record<string, string> | null; turn: ChatTurn }): Promise<StartedResponse> {
    const model = await this.resolve(principal, request.model)
    const common = { model: request.model, metadata: request.metadata ?? {}, createdAt: new Date() }
    const { turn } = request
    if (model.kind === 'agent') return this.startUnstoredTurn(principal, model, turn, common)
    if (turn.history.length > 0 || turn.instructions !== undefined) {
      throw invalidInput(
        'unsupported_input',
        'A workflow takes one input and keeps no conversation: send its input as user messages alone, without system or assistant messages.',
        { param: 'messages' },
      )
    }
    if (turn.replyFormat) {
      throw invalidInput('format_not_supported', "A workflow's reply is its outputs: response_format is for agents.", { param: 'response_format' })
    }
    return this.startWorkflowRun(principal, model, turn.text, common)
  }

  private resolve(principal: Principal, name: string): Promise<ResolvedModel> {
    return resolveModel(this.app.db, principal, name, this.app.agentLookups).catch((error: unknown) => {
      throw isDomainError(error) ? withParam(error, 'model') : error
    })
  }

  private stored(base: ResponseBase): StartedResponse {
    return {
      base,
      events: (signal) => runEvents(this.app, base.runId, signal),
      outcome: () => this.outcome(base.runId),
      stopsWithClient: false,
    }
  }

  /** `store: false`: an agent's turn in this process, with nothing stored (unstored-turn.ts). */
  private async startUnstored(principal: Principal, request: CreateResponseRequest): Promise<StartedResponse> {
    const input = { ...unstoredInput(request), replyFormat: replyFormatOf(request) }
    const model = await this.resolve(principal, request.model)
    const common = { model: request.model, metadata: request.metadata ?? {}, createdAt: new Date() }
    if (model.kind === 'workflow') {
      throw invalidInput(
        'store_not_supported',
        "store: false is for agents: a workflow's run is always stored (it may wait for people, and the app shows it). Leave store out to run it.",
        { param: 'store' },
      )
    }
    const param = request.previous_response_id ? 'previous_response_id' : request.conversation ? 'conversation' : undefined
    if (param) {
      throw invalidInput(
        'continuation_not_supported',
        `store: false keeps no conversation and reads none: send the conversation so far in input (user and assistant messages) instead of ${param}, or leave store out.`,
        { param },
      )
    }
    return this.startUnstoredTurn(principal, model, input, common)
  }

  private async startUnstoredTurn(principal: Principal, model: ResolvedAgent, input: UnstoredTurnInput, common: Common): Promise<StartedResponse> {
    const turn = await prepareUnstoredTurn(this.app, principal, model, input).catch((error: unknown) => {
      throw isDomainError(error) ? withParam(error, 'model') : error
    })
    return {
      base: {
        ...common,
        id: responseIdOf(turn.id),
        runId: turn.id,
        kind: 'agent',
        instructions: input.instructions ?? null,
        previousResponseId: null,
        conversationId: null,
      },
      events: turn.events,
      outcome: turn.outcome,
      stopsWithClient: true,
    }
  }

  /** `GET /v1/models`: what the caller may name as `model` (model-list.ts). */
  models(principal: Principal): Promise<ModelList> {
    return listModels(this.app.db.prisma, principal)
  }

  /**
   * A stored response as its run stands now, without waiting for it (in_progress while it runs). What was not stored
   * is not given back: `model` names the agent or workflow by id, and `metadata` is empty.
   */
  async retrieve(principal: Principal, responseId: string): Promise<ResponseObject> {
    const runId = runIdOfResponse(responseId)
    const run = runId
      ? await this.app.db.prisma.run.findFirst({
          where: { id: runId, ...visibleTo(principal) },
          select: {
            id: true,
            agentId: true,
            workflowId: true,
            conversationId: true,
            input: true,
            createdAt: true,
            status: true,
            outputs: true,
            usage: true,
            error: true,
          },
        })
      : null
    if (!run) throw notFound('Response', responseId)
    const assembly = new ResponseAssembly({
      id: responseId,
      runId: run.id,
      kind: run.agentId ? 'agent' : 'workflow',
      createdAt: run.createdAt,
      model: run.agentId ? `agent:${run.agentId}` : `workflow:${run.workflowId ?? ''}`,
      instructions: turnInputSchema.safeParse(run.input).data?.instructions ?? null,
      previousResponseId: run.conversationId ? await this.previousTurn(run.conversationId, run.createdAt) : null,
      conversationId: run.conversationId,
      metadata: {},
    })
    for (const event of await this.storedEvents(run.id)) assembly.apply(event)
    if (isTerminalStatus(run.status) || run.status === 'waiting') {
      const outcome = { status: run.status, outputs: run.outputs, usage: (run.usage as TokenUsage | null) ?? null, error: run.error }
      assembly.finish(run.status === 'waiting' ? 'waiting' : 'ended', outcome)
    }
    return assembly.response()
  }

  private async storedEvents(runId: string): Promise<RunEvent[]> {
    const events: RunEvent[] = []
    for (;;) {
      const page = await this.app.events.listAfter(runId, events.at(-1)?.sequence ?? 0, STORED_EVENTS_PAGE)
      events.push(...page)
      if (page.length < STORED_EVENTS_PAGE) return events
    }
  }

  /** The response the turn continued: the conversation's turn before it. */
  private async previousTurn(conversationId: string, before: Date): Promise<string | null> {
    const previous = await this.app.db.prisma.run.findFirst({
      where: { conversationId, createdAt: { lt: before } },
      orderBy: { createdAt: 'desc' },
      select: { id: true },
    })
    return previous ? responseIdOf(previous.id) : null
  }

  /** Follows the run until it ends or waits for an approval; undefined when `signal` aborted first. */
  async wait(started: StartedResponse, signal: AbortSignal): Promise<ResponseObject | undefined> {
    const assembly = new ResponseAssembly(started.base)
    const events = started.events(signal)
    for (;;) {
      const next = await events.next()
      if (next.done) {
        if (next.value === 'aborted') return undefined
        assembly.finish(next.value, await started.outcome())
        return assembly.response()
      }
      assembly.apply(next.value)
    }
  }

  /** How the run ended: as this process's worker recorded it, if it ran here (run-now.ts), else what the run row says now. */
  async outcome(runId: string): Promise<RunOutcome> {
    const local = this.app.localWorker?.feedOf(runId)?.outcome
    if (local) return local
    const run = await this.app.db.prisma.run.findUnique({ where: { id: runId }, select: { status: true, outputs: true, usage: true, error: true } })
    if (!run) return { status: 'cancelled', outputs: null, usage: null, error: null }
    return { status: run.status, outputs: run.outputs, usage: (run.usage as TokenUsage | null) ?? null, error: run.error }
  }

  /**
   * The conversation the turn continues (the model's agent's, owner-checked), or undefined for a new one: the one
   * `previous_response_id` or `conversation` names, else the one of the last answer sent back, when this server gave
   * it. The conversation is continued as it is stored, even if it went on after that answer (as with
   * `previous_response_id`): what the client sent of it is not compared with what is stored.
   */
  private async continuedConversation(
    principal: Principal,
    request: CreateResponseRequest,
    model: ResolvedAgent,
    earlier: readonly SentBackItem[],
  ): Promise<string | undefined> {
    const named = typeof request.conversation === 'string' ? request.conversation : request.conversation?.id
    if (request.previous_response_id && named) {
      throw invalidInput('conflicting_continuation', 'Give previous_response_id or conversation, not both.', { param: 'previous_response_id' })
    }
    const given = request.previous_response_id ? 'previous_response_id' : named ? 'conversation' : undefined
    if (given && earlier.length > 0) {
      throw invalidInput(
        'conflicting_continuation',
        `The conversation is stored: with ${given}, send only the new user messages, not the earlier user and assistant messages.`,
        { param: 'input' },
      )
    }
    const answered = given ? undefined : await this.lastAnswerConversation(principal, earlier)
    if (!given && !answered) return undefined
    if (model.version !== undefined) this.requireAgentVersion(model)
    const conversation =
      answered ??
      (request.previous_response_id
        ? await this.conversationOfResponse(principal, request.previous_response_id)
        : await this.app.db.prisma.conversation.findFirst({
            where: { id: named!, kind: 'conversation', ...visibleTo(principal) },
            select: { id: true, agentId: true },
          }))
    if (!conversation) throw withParam(notFound('Conversation', named), 'conversation')
    if (conversation.agentId !== model.id) {
      throw invalidInput('model_mismatch', `That conversation is with another agent: use the model agent:${conversation.agentId ?? ''} to continue it.`, {
        param: 'model',
      })
    }
    return conversation.id
  }

  /**
   * The conversation of the last answer sent back, when this server gave it (its id is `msg_` and the turn's run id):
   * undefined when there is none, or for an assistant message whose id is not one of ours (another server's answer).
   * An `item_reference` must name an answer the caller may see.
   */
  private async lastAnswerConversation(principal: Principal, earlier: readonly SentBackItem[]): Promise<{ id: string; agentId: string | null } | undefined> {
    const last = earlier.findLast((item) => item.role === 'assistant')
    if (!last) return undefined
    const messageId = 'reference' in last ? last.reference : last.id
    const runId = messageId === undefined ? undefined : runIdOfMessage(messageId)
    const run = runId
      ? await this.app.db.prisma.run.findFirst({
          where: { id: runId, ...visibleTo(principal) },
          select: { conversation: { select: { id: true, agentId: true, kind: true } } },
        })
      : null
    if (run?.conversation?.kind === 'conversation') return run.conversation
    if ('reference' in last) throw unknownReference(last)
    return undefined
  }

  /** What a new conversation starts with: the messages sent before the turn, an answer referred to by id read from its run. */
  private async earlierMessages(principal: Principal, earlier: readonly SentBackItem[]): Promise<EarlierTurnMessage[]> {
    const messages: EarlierTurnMessage[] = []
    for (const item of earlier) {
      if (!('reference' in item)) {
        messages.push({ role: item.role, text: item.text })
        continue
      }
      const runId = runIdOfMessage(item.reference)
      const answer = runId ? await this.retrieve(principal, responseIdOf(runId)).catch(() => undefined) : undefined
      if (!answer) throw unknownReference(item)
      messages.push({ role: 'assistant', text: answer.output_text })
    }
    return messages
  }

  private async conversationOfResponse(principal: Principal, responseId: string): Promise<{ id: string; agentId: string | null }> {
    const runId = runIdOfResponse(responseId)
    const run = runId
      ? await this.app.db.prisma.run.findFirst({
          where: { id: runId, ...visibleTo(principal) },
          select: { conversation: { select: { id: true, agentId: true, kind: true } } },
        })
      : null
    if (!run) throw withParam(notFound('Response', responseId), 'previous_response_id')
    if (run.conversation?.kind !== 'conversation') {
      throw invalidInput('continuation_not_supported', `${responseId} answered a workflow run, which has no conversation to continue.`, {
        param: 'previous_response_id',
      })
    }
    return run.conversation
  }

  private requireAgentVersion(model: ResolvedAgent): void {
    if (!model.agentVersion) throw withParam(new DomainError('not_found', `The agent '${model.name}' has no version ${model.version}.`), 'model')
  }
}

/** The run a message id names (`msg_` and the run's id without dashes, as response-assembly.ts makes it), or undefined. */
function runIdOfMessage(messageId: string): string | undefined {
  return messageId.startsWith('msg_') ? runIdOfResponse(`resp_${messageId.slice(4)}`) : undefined
}

function unknownReference(item: { reference: string; index: number }): DomainError {
  return invalidInput('item_not_found', `input.${item.index}: no answer '${item.reference}' that you may read: refer to an answer this server gave you.`, {
    param: `input.${item.index}.id`,
  })
}

function refuseEarlierMessages(input: StoredTurnInput): void {
  if (input.earlier.length === 0) return
  throw invalidInput(
    'unsupported_input',
    'A workflow takes one input and keeps no conversation: send its input as user messages alone, without assistant messages.',
    { param: 'input' },
  )
}

function refuseReplyFormat(format: ReplyFormat | undefined): void {
  if (format) {
    throw invalidInput('format_not_supported', "A workflow's reply is its outputs: text.format is for agents (or the workflow's agents' own settings).", {
      param: 'text.format',
    })
  }
}

function refuseContinuation(request: CreateResponseRequest): void {
  const param = request.previous_response_id ? 'previous_response_id' : request.conversation ? 'conversation' : undefined
  if (param) {
    throw invalidInput('continuation_not_supported', `A workflow run has no conversation: ${param} is for agents. Send the whole input instead.`, { param })
  }
}
