/**
 * What OpenAIChatClient (Responses API) and OpenAIChatCompletionClient (Chat Completions API)
 * share: one connection made from the same options, the default model, and the provider name.
 * Each adds the calls of its own API.
 */
import type { OpenAI } from 'openai'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import { connectOpenAI, type OpenAIClientOptions } from './connection'

export abstract class OpenAIBackedChatClient extends BaseChatClient {
  /** The model used when a request does not name one. */
  readonly modelId: string
  /** The underlying `openai` package client. */
  readonly openai: OpenAI

  private readonly spanProviderName: string

  override get providerName(): string {
    return this.spanProviderName
  }

  constructor(options: OpenAIClientOptions & BaseChatClientOptions & { providerName?: string }) {
    super({ middleware: options.middleware, additionalProperties: options.additionalProperties })
    this.spanProviderName = options.providerName ?? 'openai'
    const { sdk, model } = connectOpenAI(options)
    this.openai = sdk
    this.modelId = model
  }
}
