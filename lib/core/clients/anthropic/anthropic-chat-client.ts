/**
 * AnthropicChatClient: a chat client for Anthropic's Messages API (`POST /v1/messages`) through the
 * official `@anthropic-ai/sdk` — streaming, tools (parallel `tool_use` calls), structured output
 * (`output_config.format`, validated by the base class like every client's), usage with cache tokens.
 */
import type Anthropic from '@anthropic-ai/sdk'
import { AbortError, throwIfAborted } from '../../errors'
import type { ChatResponse, ChatResponseUpdate, Message } from '../../types'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { connectAnthropic, DEFAULT_ANTHROPIC_MAX_TOKENS, type AnthropicClientOptions } from './connection'
import { toAnthropicClientError } from './error-mapping'
import { buildAnthropicRequest } from './request'
import { anthropicMessageToChatResponse } from './response'
import { AnthropicStreamTranslator } from './stream'

export interface AnthropicChatClientOptions extends AnthropicClientOptions, BaseChatClientOptions {}

const CLIENT_NAME = 'AnthropicChatClient'

export class AnthropicChatClient extends BaseChatClient {
  /** The model used when a request does not name one. */
  readonly modelId: string
  /** The underlying `@anthropic-ai/sdk` client. */
  readonly anthropic: Anthropic
  private readonly defaultMaxTokens: number

  override get providerName(): string {
    return 'anthropic'
  }

  constructor(options: AnthropicChatClientOptions = {}) {
    super({ middleware: options.middleware, additionalProperties: options.additionalProperties })
    const { sdk, model } = connectAnthropic(options)
    this.anthropic = sdk
    this.modelId = model
    this.defaultMaxTokens = options.defaultMaxTokens ?? DEFAULT_ANTHROPIC_MAX_TOKENS
  }

  protected async innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    const { signal, ...chatOptions } = options
    throwIfAborted(signal)
    const { body, toolNames } = buildAnthropicRequest(messages, chatOptions, this.modelId, this.defaultMaxTokens)
    try {
      const reply = await this.anthropic.messages.create({ ...body, stream: false }, { signal })
      return anthropicMessageToChatResponse(reply, toolNames)
    } catch (error) {
      throw toAnthropicClientError(error, CLIENT_NAME, signal)
    }
  }

  protected async *innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    const { signal, ...chatOptions } = options
    throwIfAborted(signal)
    const { body, toolNames } = buildAnthropicRequest(messages, chatOptions, this.modelId, this.defaultMaxTokens)
    const translator = new AnthropicStreamTranslator(toolNames)
    try {
      const stream = await this.anthropic.messages.create({ ...body, stream: true }, { signal })
      for await (const event of stream) {
        const update = translator.translate(event)
        if (update) yield update
      }
    } catch (error) {
      throw toAnthropicClientError(error, CLIENT_NAME, signal)
    }
    if (signal?.aborted) throw new AbortError()
  }
}
