/**
 * GeminiChatClient: a chat client for Google's Gemini API (`generateContent` and
 * `streamGenerateContent`) through the official `@google/genai` package — streaming, tools
 * (parallel function calls), structured output (`responseMimeType` + `responseJsonSchema`, validated
 * by the base class like every client's), usage with cached and thinking tokens.
 */
import { randomUUID } from 'node:crypto'
import type { GoogleGenAI } from '@google/genai'
import { AbortError, throwIfAborted } from '../../errors'
import { ChatResponse, Message as FrameworkMessage, type ChatResponseUpdate, type Content, type Message, type UsageDetails } from '../../types'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { connectGemini, type GeminiClientOptions } from './connection'
import { toGeminiClientError } from './error-mapping'
import { buildGeminiRequest } from './request'
import { geminiTurn } from './response'

export interface GeminiChatClientOptions extends GeminiClientOptions, BaseChatClientOptions {}

const CLIENT_NAME = 'GeminiChatClient'
/** Signatures are needed only for the calls of the turn in progress; keep a bounded number. */
const MAX_KEPT_SIGNATURES = 1_000

export class GeminiChatClient extends BaseChatClient {
  /** The model used when a request does not name one. */
  readonly modelId: string
  /** The underlying `@google/genai` client. */
  readonly genai: GoogleGenAI
  /**
   * Gemini 3 models attach a thought signature to their function calls and refuse a next request that
   * does not return it. The framework's function-call content has no place for it, so this client
   * keeps them by call id for the agent run in progress (a run's turns all go through one client).
   */
  private readonly signatures = new Map<string, string>()

  override get providerName(): string {
    return 'gcp.gemini'
  }

  constructor(options: GeminiChatClientOptions = {}) {
    super({ middleware: options.middleware, additionalProperties: options.additionalProperties })
    const { sdk, model } = connectGemini(options)
    this.genai = sdk
    this.modelId = model
  }

  protected async innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    const { signal, ...chatOptions } = options
    throwIfAborted(signal)
    const { toolNames, ...request } = buildGeminiRequest(messages, chatOptions, this.modelId, this.signatures)
    try {
      const response = await this.genai.models.generateContent({ ...request, config: { ...request.config, ...(signal ? { abortSignal: signal } : {}) } })
      const responseId = response.responseId ?? randomUUID()
      const turn = geminiTurn(response, toolNames, `call_${responseId}`)
      this.keep(turn.signatures)
      return new ChatResponse({
        messages: [new FrameworkMessage({ role: 'assistant', contents: turn.contents, messageId: responseId })],
        responseId,
        modelId: response.modelVersion ?? request.model,
        finishReason: turn.finishReason,
        usage: turn.usage,
      })
    } catch (error) {
      throw toGeminiClientError(error, CLIENT_NAME, signal)
    }
  }

  protected async *innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    const { signal, ...chatOptions } = options
    throwIfAborted(signal)
    const { toolNames, ...request } = buildGeminiRequest(messages, chatOptions, this.modelId, this.signatures)
    const fallbackId = randomUUID()
    // Each chunk repeats the usage so far: report the last one once, at the end.
    let usage: UsageDetails | undefined
    let last: ChatResponseUpdate | undefined
    let chunkNumber = 0
    try {
      const stream = await this.genai.models.generateContentStream({ ...request, config: { ...request.config, ...(signal ? { abortSignal: signal } : {}) } })
      for await (const chunk of stream) {
        const responseId = chunk.responseId ?? fallbackId
        const turn = geminiTurn(chunk, toolNames, `call_${responseId}_${chunkNumber++}`)
        this.keep(turn.signatures)
        if (turn.usage) usage = turn.usage
        const update: ChatResponseUpdate = {
          role: 'assistant',
          contents: turn.contents,
          responseId,
          messageId: responseId,
          modelId: chunk.modelVersion ?? request.model,
        }
        if (turn.finishReason) update.finishReason = turn.finishReason
        last = update
        if (update.contents.length > 0 || update.finishReason) yield update
      }
    } catch (error) {
      throw toGeminiClientError(error, CLIENT_NAME, signal)
    }
    if (signal?.aborted) throw new AbortError()
    if (usage) {
      const contents: Content[] = [{ type: 'usage', details: usage }]
      yield { role: 'assistant', contents, responseId: last?.responseId, messageId: last?.messageId, modelId: last?.modelId }
    }
  }

  private keep(signatures: Array<[string, string]>): void {
    for (const [callId, signature] of signatures) this.signatures.set(callId, signature)
    for (const callId of this.signatures.keys()) {
      if (this.signatures.size <= MAX_KEPT_SIGNATURES) break
      this.signatures.delete(callId)
    }
  }
}
