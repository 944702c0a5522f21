/**
 * OpenAIChatCompletionClient: a chat client for the Chat Completions API
 * (`POST /v1/chat/completions`) — the API most OpenAI-compatible servers implement
 * (Ollama, vLLM, LM Studio, llama.cpp…) — and for Azure OpenAI deployments.
 */
import type { OpenAI } from 'openai'
import type { ChatResponse, ChatResponseUpdate, Message } from '../../types'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { getChatCompletionsResponse, streamChatCompletionsUpdates, type ChatCompletionsCallContext } from './chat-completions/call'
import type { MaxTokensParameter } from './chat-completions/request'
import { connectOpenAI, type OpenAIClientOptions } from './connection'

export interface OpenAIChatCompletionClientOptions extends OpenAIClientOptions, BaseChatClientOptions {
  /**
   * The body field `maxTokens` is sent as. Default `max_completion_tokens` (OpenAI's current name,
   * required by reasoning models); choose `max_tokens` for servers that only know the older name.
   */
  maxTokensParameter?: MaxTokensParameter
}

export class OpenAIChatCompletionClient extends BaseChatClient {
  /** The model used when a request does not name one. */
  readonly modelId: string
  /** The underlying `openai` package client. */
  readonly openai: OpenAI
  private readonly callContext: ChatCompletionsCallContext

  override get providerName(): string {
    return 'openai'
  }

  constructor(options: OpenAIChatCompletionClientOptions = {}) {
    super({ middleware: options.middleware, additionalProperties: options.additionalProperties })
    const { sdk, model } = connectOpenAI(options)
    this.openai = sdk
    this.modelId = model
    this.callContext = {
      sdk,
      model,
      clientName: 'OpenAIChatCompletionClient',
      maxTokensParameter: options.maxTokensParameter ?? 'max_completion_tokens',
    }
  }

  protected innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    return getChatCompletionsResponse(this.callContext, messages, options)
  }

  protected innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    return streamChatCompletionsUpdates(this.callContext, messages, options)
  }
}
