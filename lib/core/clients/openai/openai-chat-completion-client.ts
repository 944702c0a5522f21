/**
 * OpenAIChatCompletionClient: a chat client for the Chat Completions API
 * (`POST /v1/chat/completions`) — the API most OpenAI-compatible servers implement
 * (Ollama, vLLM, LM Studio, llama.cpp…) — and for Azure OpenAI deployments.
 */
import type { ChatResponse, ChatResponseUpdate, Message } from '../../types'
import type { BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { getChatCompletionsResponse, streamChatCompletionsUpdates, type ChatCompletionsCallContext } from './chat-completions/call'
import type { MaxTokensParameter } from './chat-completions/request'
import type { OpenAIClientOptions } from './connection'
import { OpenAIBackedChatClient } from './openai-backed-chat-client'

export interface OpenAIChatCompletionClientOptions extends OpenAIClientOptions, BaseChatClientOptions {
  /**
   * The body field `maxTokens` is sent as. Default `max_completion_tokens` (OpenAI's current name,
   * required by reasoning models); choose `max_tokens` for servers that only know the older name.
   */
  maxTokensParameter?: MaxTokensParameter
  /** `gen_ai.provider.name` on this client's spans when the server is not OpenAI's (e.g. `ollama`); default `openai`. */
  providerName?: string
}

export class OpenAIChatCompletionClient extends OpenAIBackedChatClient {
  private readonly callContext: ChatCompletionsCallContext

  constructor(options: OpenAIChatCompletionClientOptions = {}) {
    super(options)
    this.callContext = {
      sdk: this.openai,
      model: this.modelId,
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
