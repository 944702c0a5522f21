import type { ChatClient, ChatRequestOptions } from '../../clients/chat-client'
import { ChatResponse, Message, type ChatResponseUpdate, type Content } from '../../types'

/**
 * A ChatClient for MCP tests: answers from a script (responses, errors or functions of the
 * request) and records every call. Implements the real interface; nothing is mocked.
 */

export type ScriptStep = ChatResponse | Error | ((messages: Message[], options: ChatRequestOptions) => ChatResponse | Promise<ChatResponse>)

export interface RecordedCall {
  messages: Message[]
  options: ChatRequestOptions
}

export class RecordingChatClient implements ChatClient {
  readonly calls: RecordedCall[] = []
  private readonly script: ScriptStep[]
  private readonly fallback: ScriptStep | undefined

  /** `fallback` answers once the script runs out (otherwise running out throws). */
  constructor(script: ScriptStep[] = [], fallback?: ScriptStep) {
    this.script = [...script]
    this.fallback = fallback
  }

  async getResponse(messages: Message[], options: ChatRequestOptions = {}): Promise<ChatResponse> {
    this.calls.push({ messages, options })
    const step = this.script.shift() ?? this.fallback
    if (step === undefined) throw new Error('RecordingChatClient: script exhausted')
    if (step instanceof Error) throw step
    if (typeof step === 'function') return step(messages, options)
    return step
  }

  async *getStreamingResponse(messages: Message[], options?: ChatRequestOptions): AsyncIterable<ChatResponseUpdate> {
    const response = await this.getResponse(messages, options)
    for (const message of response.messages) yield { role: message.role, contents: message.contents }
  }
}

export function textResponse(text: string, modelId = 'test-model'): ChatResponse {
  return new ChatResponse({ messages: [new Message({ role: 'assistant', text })], modelId })
}

export function contentsResponse(contents: Content[], modelId = 'test-model'): ChatResponse {
  return new ChatResponse({ messages: [new Message({ role: 'assistant', contents })], modelId })
}

/** A logger that keeps lines for assertions. */
export function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'info' | 'debug'; message: string }> = []
  return {
    lines,
    warn: (message: string) => void lines.push({ level: 'warn', message }),
    info: (message: string) => void lines.push({ level: 'info', message }),
    debug: (message: string) => void lines.push({ level: 'debug', message }),
    messages: (level?: 'warn' | 'info' | 'debug') => lines.filter((line) => !level || line.level === level).map((line) => line.message),
  }
}
