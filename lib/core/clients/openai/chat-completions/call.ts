/** One Chat Completions round trip through the `openai` package, non-streaming or streaming. */
import type { OpenAI } from 'openai'
import { AbortError, throwIfAborted } from '../../../errors'
import type { ChatResponse, ChatResponseUpdate, Message } from '../../../types'
import type { ChatRequestOptions } from '../../chat-client'
import { toChatClientError } from '../error-mapping'
import { buildChatCompletionsRequest, type MaxTokensParameter } from './request'
import { chatCompletionToChatResponse } from './response'
import { ChatCompletionsStreamTranslator } from './stream'

export interface ChatCompletionsCallContext {
  sdk: OpenAI
  model: string
  clientName: string
  maxTokensParameter: MaxTokensParameter
}

export async function getChatCompletionsResponse(context: ChatCompletionsCallContext, messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
  const { signal, ...chatOptions } = options
  throwIfAborted(signal)
  const { body, toolNames } = buildChatCompletionsRequest(messages, chatOptions, context.model, context.maxTokensParameter)
  try {
    const completion = await context.sdk.chat.completions.create({ ...body, stream: false }, { signal })
    return chatCompletionToChatResponse(completion, toolNames)
  } catch (error) {
    throw toChatClientError(error, context.clientName, signal)
  }
}

export async function* streamChatCompletionsUpdates(
  context: ChatCompletionsCallContext,
  messages: Message[],
  options: ChatRequestOptions,
): AsyncIterable<ChatResponseUpdate> {
  const { signal, ...chatOptions } = options
  throwIfAborted(signal)
  const { body, toolNames } = buildChatCompletionsRequest(messages, chatOptions, context.model, context.maxTokensParameter)
  const translator = new ChatCompletionsStreamTranslator(toolNames)
  try {
    const stream = await context.sdk.chat.completions.create(
      // Usage only arrives in a stream when asked for.
      { ...body, stream: true, stream_options: { include_usage: true } },
      { signal },
    )
    for await (const chunk of stream) {
      const update = translator.translate(chunk)
      if (update) yield update
    }
  } catch (error) {
    throw toChatClientError(error, context.clientName, signal)
  }
  // The package ends an aborted stream quietly; the caller must still learn it was cancelled.
  if (signal?.aborted) throw new AbortError()
  const rest = translator.flush()
  if (rest) yield rest
}
