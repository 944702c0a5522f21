/**
 * OpenAIChatClient: a chat client for the OpenAI Responses API (`POST /v1/responses`), also
 * usable with Azure OpenAI and OpenAI-compatible servers that implement the Responses API.
 * The Responses API has no stop sequences: `stop` is not sent (OpenAIChatCompletionClient sends it).
 */
import type { ChatResponse, ChatResponseUpdate, Message } from '../../types'
import type { BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import type { OpenAIClientOptions } from './connection'
import { OpenAIBackedChatClient } from './openai-backed-chat-client'
import { getResponsesChatResponse, streamResponsesUpdates, type ResponsesCallContext } from './responses/call'

export interface OpenAIChatClientOptions extends OpenAIClientOptions, BaseChatClientOptions {}

export class OpenAIChatClient extends OpenAIBackedChatClient {
  private readonly callContext: ResponsesCallContext

  constructor(options: OpenAIChatClientOptions = {}) {
    super(options)
    this.callContext = { sdk: this.openai, model: this.modelId, clientName: 'OpenAIChatClient' }
  }

  protected innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    return getResponsesChatResponse(this.callContext, messages, options)
  }

  protected innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    return streamResponsesUpdates(this.callContext, messages, options)
  }
}
