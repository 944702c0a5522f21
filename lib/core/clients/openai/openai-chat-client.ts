/**
 * OpenAIChatClient: a chat client for the OpenAI Responses API (`POST /v1/responses`), also
 * usable with Azure OpenAI and OpenAI-compatible servers that implement the Responses API.
 * The Responses API has no stop sequences: `stop` is not sent (OpenAIChatCompletionClient sends it).
 */
import type { OpenAI } from 'openai'
import type { ChatResponse, ChatResponseUpdate, Message } from '../../types'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { connectOpenAI, type OpenAIClientOptions } from './connection'
import { getResponsesChatResponse, streamResponsesUpdates, type ResponsesCallContext } from './responses/call'

export interface OpenAIChatClientOptions extends OpenAIClientOptions, BaseChatClientOptions {}

export class OpenAIChatClient extends BaseChatClient {
  /** The model used when a request does not name one. */
  readonly modelId: string
  /** The underlying `openai` package client. */
  readonly openai: OpenAI
  private readonly callContext: ResponsesCallContext

  override get providerName(): string {
    return 'openai'
  }

  constructor(options: OpenAIChatClientOptions = {}) {
    super({ middleware: options.middleware, additionalProperties: options.additionalProperties })
    const { sdk, model } = connectOpenAI(options)
    this.openai = sdk
    this.modelId = model
    this.callContext = { sdk, model, clientName: 'OpenAIChatClient' }
  }

  protected innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    return getResponsesChatResponse(this.callContext, messages, options)
  }

  protected innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    return streamResponsesUpdates(this.callContext, messages, options)
  }
}
