/**
 * One model call: build the turn's options (current tools, tool choice), run the agent's chat
 * middleware around the client, stream or not, and record the answer in the run state.
 */
import { isAsyncIterable, resultAsUpdates } from '../clients/chat-result'
import type { ChatRequestOptions } from '../clients/chat-client'
import { UpdateAssembler, assembledChatResponse } from '../clients/response-updates'
import { ChatClientException } from '../errors'
import type { ChatContext } from '../middleware'
import { runMiddlewareChain } from '../middleware-pipeline'
import { AgentResponseUpdate, addUsage, type ChatResponse, type ChatResponseUpdate, type Message } from '../types'
import { abortable, abortableIterable } from '../abort'
import { deferredIterable } from '../deferred-iterable'
import { context as otelContext } from '@opentelemetry/api'
import { iterateInContext } from '../telemetry/tracing'
import { appendMessages, type AgentRunState } from './agent-run-state'

export function modelTurn(state: AgentRunState): AsyncIterableIterator<AgentResponseUpdate, ChatResponse> {
  return state.isStreaming ? new StreamedModelTurn(state) : answeredModelTurn(state)
}

async function* answeredModelTurn(state: AgentRunState): AsyncGenerator<AgentResponseUpdate, ChatResponse> {
  const options = turnOptions(state)
  const traceContext = state.traceContext
  const call = traceContext ? otelContext.with(traceContext, () => callModel(state, options)) : callModel(state, options)
  return recordResponse(state, await abortable(call, state.signal))
}

const FINISHED: IteratorReturnResult<never> = Object.freeze({ done: true, value: undefined as never })

/**
 * A streamed model call: an update for each chunk of the model's stream, then the response they make, recorded. Written
 * out as an iterator, not a generator: every chunk passes through it, and a generator re-yielding a stream costs four
 * promises per chunk (this costs one). Like a generator, it starts the call at its first `next()`.
 */
class StreamedModelTurn implements AsyncIterableIterator<AgentResponseUpdate, ChatResponse> {
  private readonly assembler = new UpdateAssembler()
  private stream: AsyncIterator<ChatResponseUpdate> | undefined
  private ended = false

  constructor(private readonly state: AgentRunState) {}

  [Symbol.asyncIterator](): this {
    return this
  }

  next(): Promise<IteratorResult<AgentResponseUpdate, ChatResponse>> {
    if (this.ended) return Promise.resolve(FINISHED)
    try {
      this.stream ??= this.open()
    } catch (error) {
      this.ended = true
      return Promise.reject(error)
    }
    return this.stream.next().then(
      (step) => this.stepped(step),
      (error: unknown) => {
        this.ended = true
        throw error
      },
    )
  }

  /** The caller stopped early: the model's stream is closed before this resolves. */
  async return(value?: ChatResponse | PromiseLike<ChatResponse>): Promise<IteratorResult<AgentResponseUpdate, ChatResponse>> {
    const wasOpen = !this.ended && this.stream !== undefined
    this.ended = true
    if (wasOpen) await this.stream!.return?.()
    return { done: true, value: (await value) as ChatResponse }
  }

  private open(): AsyncIterator<ChatResponseUpdate> {
    const state = this.state
    const options = turnOptions(state)
    const traceContext = state.traceContext
    const stream = traceContext ? iterateInContext(traceContext, streamModel(state, options)) : streamModel(state, options)
    return abortableIterable(stream, state.signal)[Symbol.asyncIterator]()
  }

  private stepped(step: IteratorResult<ChatResponseUpdate>): IteratorResult<AgentResponseUpdate, ChatResponse> {
    if (!step.done) {
      this.assembler.add(step.value)
      return { done: false, value: agentUpdate(this.state, step.value) }
    }
    this.ended = true
    return { done: true, value: recordResponse(this.state, assembledChatResponse(this.assembler)) }
  }
}

/** The model's answer, recorded in the run state: usage, ids, why it stopped, its messages. */
function recordResponse(state: AgentRunState, response: ChatResponse): ChatResponse {
  state.usage = addUsage(state.usage, response.usage)
  if (response.responseId) state.responseId = response.responseId
  if (response.modelId) state.modelId = response.modelId
  if (response.finishReason) state.finishReason = response.finishReason
  appendMessages(state, response.messages)
  if (response.conversationId) continueOnService(state, response.conversationId)
  return response
}

/**
 * The service keeps the conversation up to this reply: the next call continues it and sends only
 * what came after, and the session remembers it for the next run (AgentSession.serviceSessionId).
 */
function continueOnService(state: AgentRunState, conversationId: string): void {
  state.chatOptions.conversationId = conversationId
  state.session.serviceSessionId = conversationId
  state.sentToService = state.conversation.length
}

/** The whole conversation, or only what the service has not seen of it. */
function messagesToSend(state: AgentRunState): Message[] {
  return state.sentToService === 0 ? state.conversation : state.conversation.slice(state.sentToService)
}

function turnOptions(state: AgentRunState): ChatRequestOptions {
  const tools = state.toolSet.current
  // Object.assign, not a spread followed by more properties: on Node 20 that literal leaves V8's
  // fast clone path and cost ~2.5 µs per turn, a quarter of the agent loop's own time.
  return Object.assign({}, state.chatOptions, {
    tools: tools.length > 0 ? tools : undefined,
    toolChoice: state.toolChoice,
    signal: state.signal,
  })
}

async function callModel(state: AgentRunState, options: ChatRequestOptions): Promise<ChatResponse> {
  if (state.chatMiddleware.length === 0) return state.client.getResponse(messagesToSend(state), options)
  const context = chatContext(state, options, false)
  await runMiddlewareChain(state.chatMiddleware, context, async (ctx) => {
    ctx.result = await ctx.client.getResponse(ctx.messages, ctx.options)
  })
  if (!context.result || isAsyncIterable(context.result)) {
    throw new ChatClientException('Chat middleware finished without setting a ChatResponse result.')
  }
  return context.result
}

/** The model's stream, asked for at its first `next()` (inside the run's trace context when it has one). */
function streamModel(state: AgentRunState, options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
  if (state.chatMiddleware.length === 0) return deferredIterable(() => state.client.getStreamingResponse(messagesToSend(state), options))
  return streamThroughChatMiddleware(state, options)
}

async function* streamThroughChatMiddleware(state: AgentRunState, options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
  const context = chatContext(state, options, true)
  await runMiddlewareChain(state.chatMiddleware, context, async (ctx) => {
    ctx.result = ctx.client.getStreamingResponse(ctx.messages, ctx.options)
  })
  if (!context.result) throw new ChatClientException('Chat middleware finished without setting a result.')
  yield* resultAsUpdates(context.result)
}

function chatContext(state: AgentRunState, options: ChatRequestOptions, isStreaming: boolean): ChatContext {
  return { client: state.client, messages: messagesToSend(state), options, isStreaming, metadata: {}, signal: state.signal }
}

function agentUpdate(state: AgentRunState, update: ChatResponseUpdate): AgentResponseUpdate {
  const role = update.role ?? 'assistant'
  return new AgentResponseUpdate({
    contents: update.contents,
    role,
    authorName: update.authorName ?? (role === 'assistant' ? state.agent.name : undefined),
    agentId: state.agent.id,
    responseId: update.responseId,
    modelId: update.modelId,
    messageId: update.messageId,
    finishReason: update.finishReason,
    additionalProperties: update.additionalProperties,
  })
}
