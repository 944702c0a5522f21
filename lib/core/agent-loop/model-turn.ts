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
import { context as otelContext } from '@opentelemetry/api'
import { iterateInContext } from '../telemetry/tracing'
import { appendMessages, type AgentRunState } from './agent-run-state'

export async function* modelTurn(state: AgentRunState): AsyncGenerator<AgentResponseUpdate, ChatResponse> {
  const options = turnOptions(state)
  let response: ChatResponse
  const traceContext = state.traceContext
  if (!state.isStreaming) {
    const call = traceContext ? otelContext.with(traceContext, () => callModel(state, options)) : callModel(state, options)
    response = await abortable(call, state.signal)
  } else {
    const assembler = new UpdateAssembler()
    const stream = traceContext ? iterateInContext(traceContext, streamModel(state, options)) : streamModel(state, options)
    for await (const update of abortableIterable(stream, state.signal)) {
      assembler.add(update)
      yield agentUpdate(state, update)
    }
    response = assembledChatResponse(assembler)
  }
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

async function* streamModel(state: AgentRunState, options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
  if (state.chatMiddleware.length === 0) {
    yield* state.client.getStreamingResponse(messagesToSend(state), options)
    return
  }
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
