/**
 * The base every concrete chat client extends. Subclasses implement one model call
 * (`innerGetResponse` / `innerGetStreamingResponse`); this class runs the client's chat middleware
 * around it, checks cancellation and fills `value` when a structured-output format was asked for. The function-invocation loop lives in the agent runner, so any
 * ChatClient (including test doubles) gets tool calling from an Agent.
 */
import { Agent, type AgentOptions } from '../agents'
import { deferredIterable } from '../deferred-iterable'
import { ChatClientException, throwIfAborted } from '../errors'
import type { ChatContext, ChatMiddlewareLike } from '../middleware'
import { categorizeMiddleware, runMiddlewareChain, type MiddlewareHandler } from '../middleware-pipeline'
import { fillStructuredValue } from '../structured-output/structured-value'
import { recordChatResponse, startChatSpan } from '../telemetry/gen-ai-spans'
import { telemetry } from '../telemetry/telemetry-settings'
import { inSpan, recordFailure } from '../telemetry/tracing'
import type { ChatResponse, ChatResponseUpdate, Message } from '../types'
import type { ChatClient, ChatRequestOptions } from './chat-client'
import { resultAsUpdates } from './chat-result'
import { assembledChatResponse, UpdateAssembler } from './response-updates'

export interface BaseChatClientOptions {
  /** Chat middleware run around every call of this client. */
  middleware?: ChatMiddlewareLike[]
  additionalProperties?: Record<string, unknown>
}

export abstract class BaseChatClient implements ChatClient {
  readonly additionalProperties: Record<string, unknown>
  private readonly chatMiddleware: MiddlewareHandler<ChatContext>[]

  protected constructor(options: BaseChatClientOptions = {}) {
    this.chatMiddleware = categorizeMiddleware(options.middleware).chat
    this.additionalProperties = options.additionalProperties ?? {}
  }

  protected abstract innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse>

  protected abstract innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate>

  /** `gen_ai.provider.name` on this client's spans (e.g. `openai`); undefined leaves it out. */
  get providerName(): string | undefined {
    return undefined
  }

  getResponse(messages: Message[], options: ChatRequestOptions = {}): Promise<ChatResponse> {
    if (!telemetry.enabled) return this.respond(messages, options)
    return inSpan(this.startChatSpan(messages, options, false), () => this.respond(messages, options), recordChatResponse)
  }

  private async respond(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    throwIfAborted(options.signal)
    if (this.chatMiddleware.length === 0) return fillStructuredValue(await this.innerGetResponse(messages, options), options.responseFormat)
    const context = this.chatContext(messages, options, false)
    await runMiddlewareChain(this.chatMiddleware, context, async (ctx) => {
      ctx.result = await this.innerGetResponse(ctx.messages, ctx.options)
    })
    if (!context.result || Symbol.asyncIterator in context.result) {
      throw new ChatClientException('Chat middleware finished without setting a ChatResponse result.')
    }
    // The format the middleware left in place is the one the reply was asked for.
    return fillStructuredValue(context.result, context.options.responseFormat)
  }

  /** Errors (including an aborted signal) surface while iterating, never as a synchronous throw. */
  getStreamingResponse(messages: Message[], options: ChatRequestOptions = {}): AsyncIterable<ChatResponseUpdate> {
    const stream = this.chatMiddleware.length === 0 ? this.streamDirectly(messages, options) : this.streamThroughMiddleware(messages, options)
    return telemetry.enabled ? this.traceStream(messages, options, stream) : stream
  }

  /** The span starts at the first `next()` and ends with the stream (finished, failed or abandoned). */
  private async *traceStream(messages: Message[], options: ChatRequestOptions, stream: AsyncIterable<ChatResponseUpdate>): AsyncGenerator<ChatResponseUpdate> {
    const { span } = this.startChatSpan(messages, options, true)
    const assembler = new UpdateAssembler()
    try {
      for await (const update of stream) {
        assembler.add(update)
        yield update
      }
      recordChatResponse(span, assembledChatResponse(assembler))
    } catch (error) {
      recordFailure(span, error)
      throw error
    } finally {
      span.end()
    }
  }

  private startChatSpan(messages: Message[], options: ChatRequestOptions, streaming: boolean) {
    const model = options.model ?? (this as { modelId?: unknown }).modelId
    return startChatSpan(
      {
        providerName: this.providerName,
        model: typeof model === 'string' ? model : undefined,
        temperature: options.temperature,
        maxTokens: options.maxTokens,
        topP: options.topP,
        instructions: options.instructions,
        streaming,
      },
      messages,
    )
  }

  /** An Agent that talks through this client. */
  asAgent(options: Omit<AgentOptions, 'client'> = {}): Agent {
    return new Agent({ ...options, client: this })
  }

  private streamDirectly(messages: Message[], options: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    return deferredIterable(() => {
      throwIfAborted(options.signal)
      return this.innerGetStreamingResponse(messages, options)
    })
  }

  private async *streamThroughMiddleware(messages: Message[], options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    throwIfAborted(options.signal)
    const context = this.chatContext(messages, options, true)
    await runMiddlewareChain(this.chatMiddleware, context, async (ctx) => {
      ctx.result = this.innerGetStreamingResponse(ctx.messages, ctx.options)
    })
    if (!context.result) throw new ChatClientException('Chat middleware finished without setting a result.')
    yield* resultAsUpdates(context.result)
  }

  private chatContext(messages: Message[], options: ChatRequestOptions, isStreaming: boolean): ChatContext {
    return { client: this, messages, options, isStreaming, metadata: {}, signal: options.signal }
  }
}
