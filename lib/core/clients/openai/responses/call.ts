/** One Responses API round trip through the `openai` package, non-streaming or streaming. */
import type { OpenAI } from 'openai'
import { AbortError, ChatClientException, throwIfAborted } from '../../../errors'
import type { ChatResponse, ChatResponseUpdate, Message } from '../../../types'
import type { ChatRequestOptions } from '../../chat-client'
import { toChatClientError } from '../error-mapping'
import { buildResponsesRequest, type ResponsesRequestBody } from './request'
import { responseToChatResponse } from './response'
import { ResponsesStreamTranslator } from './stream'

export interface ResponsesCallContext {
  sdk: OpenAI
  model: string
  clientName: string
}

/** Whether the service keeps this exchange: asked to, or continuing a kept conversation (the service's default is to store). */
function keepsConversation(body: ResponsesRequestBody): boolean {
  return body.store === true || (body.store !== false && typeof body.previous_response_id === 'string')
}

export async function getResponsesChatResponse(context: ResponsesCallContext, messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
  const { signal, ...chatOptions } = options
  throwIfAborted(signal)
  const { body, toolNames } = buildResponsesRequest(messages, chatOptions, context.model)
  try {
    const response = await context.sdk.responses.create({ ...body, stream: false }, { signal })
    return responseToChatResponse(response, toolNames, context.clientName, keepsConversation(body))
  } catch (error) {
    throw toChatClientError(error, context.clientName, signal)
  }
}

export async function* streamResponsesUpdates(
  context: ResponsesCallContext,
  messages: Message[],
  options: ChatRequestOptions,
): AsyncIterable<ChatResponseUpdate> {
  const { signal, ...chatOptions } = options
  throwIfAborted(signal)
  const { body, toolNames } = buildResponsesRequest(messages, chatOptions, context.model)
  const translator = new ResponsesStreamTranslator(toolNames, context.clientName, keepsConversation(body))
  try {
    const stream = await context.sdk.responses.create({ ...body, stream: true }, { signal })
    for await (const event of stream) {
      const update = translator.translate(event)
      if (update) yield update
    }
  } catch (error) {
    throw toChatClientError(error, context.clientName, signal)
  }
  // The package ends an aborted stream quietly; the caller must still learn it was cancelled.
  if (signal?.aborted) throw new AbortError()
  if (!translator.finished) {
    throw new ChatClientException(`${context.clientName} stream ended before the response completed.`)
  }
}
