/**
 * ScriptedChatClient: a real ChatClient whose answers are scripted, for tests that drive agents,
 * workflows or orchestrations without a model. Every call takes the next step of the script:
 *
 *   const client = new ScriptedChatClient([
 *     modelFunctionCalls(functionCall('add', { a: 2, b: 40 })),
 *     modelResponse('The answer is 42.'),
 *   ])
 *   await new Agent({ client, tools: [add] }).run('2 + 40?')
 *   client.lastCall?.messages   // what the model saw
 *   client.assertComplete()     // every step was used
 *
 * A response step serves a streaming call as updates and a stream step serves a plain call as the
 * assembled response, so one script works for run() and runStream(). Calls past the end of the
 * script throw UnexpectedModelCallError.
 */
import { BaseChatClient } from '../clients/base-chat-client'
import type { ChatRequestOptions } from '../clients/chat-client'
import { chatResponseFromUpdates, chatResponseToUpdates } from '../clients/response-updates'
import { AbortError, UnexpectedModelCallError, throwIfAborted } from '../errors'
import {
  ChatResponse,
  Message,
  functionCallContent,
  textContent,
  type ChatResponseUpdate,
  type Content,
  type FunctionCallContent,
  type UsageDetails,
} from '../types'

type Responder = (messages: Message[], options: ChatRequestOptions) => ChatResponse | Promise<ChatResponse>

export type ScriptStep =
  | { kind: 'response'; respond: Responder }
  | { kind: 'error'; error: unknown }
  | { kind: 'stream'; updates: ChatResponseUpdate[]; error?: unknown }
  | { kind: 'hang' }

export interface RecordedModelCall {
  /** A copy of the messages the client received. */
  messages: Message[]
  options: ChatRequestOptions
  streaming: boolean
}

export interface ScriptedReply {
  text?: string
  functionCalls?: FunctionCallContent[]
  contents?: Content[]
  usage?: UsageDetails
  responseId?: string
  messageId?: string
}

/** A scripted answer: text, a Message, a ChatResponse, a reply description, or a function of the request. */
export function modelResponse(reply: string | Message | ChatResponse | ScriptedReply | Responder): ScriptStep {
  if (typeof reply === 'function') return { kind: 'response', respond: reply }
  return { kind: 'response', respond: () => toResponse(reply) }
}

/** A scripted answer that calls tools. */
export function modelFunctionCalls(...calls: FunctionCallContent[]): ScriptStep {
  return modelResponse({ functionCalls: calls })
}

/** A scripted failure of the model call. */
export function modelError(error: unknown): ScriptStep {
  return { kind: 'error', error: typeof error === 'string' ? new Error(error) : error }
}

/** A scripted stream: updates (strings become assistant text chunks), optionally failing at the end. */
export function modelStream(chunks: Array<ChatResponseUpdate | string>, options: { error?: unknown } = {}): ScriptStep {
  const updates = chunks.map((chunk) => (typeof chunk === 'string' ? { role: 'assistant' as const, contents: [textContent(chunk)] } : chunk))
  return { kind: 'stream', updates, error: options.error }
}

/** A model call that never answers; it ends with an AbortError when the request's signal fires. */
export function modelHang(): ScriptStep {
  return { kind: 'hang' }
}

let generatedCallIds = 0

/** A function call content; the call id is generated when omitted. */
export function functionCall(name: string, args: Record<string, unknown> | string = {}, callId?: string): FunctionCallContent {
  return functionCallContent(callId ?? `call_scripted_${++generatedCallIds}`, name, args)
}

export class ScriptedChatClient extends BaseChatClient {
  readonly calls: RecordedModelCall[] = []
  private readonly steps: ScriptStep[]

  constructor(steps: ScriptStep[] = []) {
    super()
    this.steps = [...steps]
  }

  /** Adds steps to the end of the script. */
  enqueue(...steps: ScriptStep[]): this {
    this.steps.push(...steps)
    return this
  }

  get lastCall(): RecordedModelCall | undefined {
    return this.calls[this.calls.length - 1]
  }

  /** Steps not used yet. */
  get remaining(): number {
    return this.steps.length
  }

  /** Throws when scripted steps were left unused. */
  assertComplete(): void {
    if (this.steps.length > 0) {
      throw new UnexpectedModelCallError(`ScriptedChatClient has ${this.steps.length} unused scripted step(s) after ${this.calls.length} call(s).`)
    }
  }

  protected async innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    const step = this.take(messages, options, false)
    switch (step.kind) {
      case 'response':
        return step.respond(messages, options)
      case 'error':
        throw step.error
      case 'stream':
        if (step.error !== undefined) throw step.error
        return chatResponseFromUpdates(step.updates)
      case 'hang':
        return hangUntilAborted(options.signal)
    }
  }

  protected async *innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    const step = this.take(messages, options, true)
    switch (step.kind) {
      case 'response':
        for (const update of chatResponseToUpdates(await step.respond(messages, options))) {
          throwIfAborted(options.signal)
          yield update
        }
        return
      case 'error':
        throw step.error
      case 'stream':
        for (const update of step.updates) {
          throwIfAborted(options.signal)
          yield update
        }
        if (step.error !== undefined) throw step.error
        return
      case 'hang':
        await hangUntilAborted(options.signal)
    }
  }

  private take(messages: Message[], options: ChatRequestOptions, streaming: boolean): ScriptStep {
    this.calls.push({ messages: [...messages], options, streaming })
    const step = this.steps.shift()
    if (!step) {
      throw new UnexpectedModelCallError(`ScriptedChatClient received call ${this.calls.length} but its script has no steps left.`)
    }
    return step
  }
}

function toResponse(reply: string | Message | ChatResponse | ScriptedReply): ChatResponse {
  if (reply instanceof ChatResponse) return reply
  if (reply instanceof Message) return new ChatResponse({ messages: [reply] })
  if (typeof reply === 'string') return new ChatResponse({ messages: [new Message({ role: 'assistant', text: reply })] })
  const contents: Content[] = [...(reply.contents ?? [])]
  if (reply.text !== undefined) contents.push(textContent(reply.text))
  contents.push(...(reply.functionCalls ?? []))
  return new ChatResponse({
    messages: [new Message({ role: 'assistant', contents, messageId: reply.messageId })],
    usage: reply.usage,
    responseId: reply.responseId,
    finishReason: reply.functionCalls?.length ? 'tool_calls' : 'stop',
  })
}

function hangUntilAborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return
    if (signal.aborted) return reject(new AbortError())
    signal.addEventListener('abort', () => reject(new AbortError()), { once: true })
  })
}
