/**
 * SessionContext: what context providers read and extend for one run — the input messages, messages
 * each provider contributes (kept per source, in provider order), extra instructions and tools — and,
 * after the run, the response.
 */
import type { ToolLike } from '../tools/tool-provider'
import type { AgentResponse, Message } from '../types'

export interface SessionContextInit {
  sessionId?: string
  serviceSessionId?: string
  inputMessages: Message[]
}

export interface GetMessagesOptions {
  /** Only these sources (default: all). */
  sources?: Iterable<string>
  excludeSources?: Iterable<string>
  /** Append the input messages after the context messages. */
  includeInput?: boolean
}

export class SessionContext {
  readonly sessionId?: string
  readonly serviceSessionId?: string
  inputMessages: Message[]
  readonly contextMessages = new Map<string, Message[]>()
  readonly instructions: string[] = []
  readonly tools: ToolLike[] = []
  response?: AgentResponse
  metadata: Record<string, unknown> = {}

  constructor(init: SessionContextInit) {
    this.sessionId = init.sessionId
    this.serviceSessionId = init.serviceSessionId
    this.inputMessages = init.inputMessages
  }

  extendMessages(sourceId: string, messages: readonly Message[]): void {
    if (messages.length === 0) return
    const existing = this.contextMessages.get(sourceId)
    if (existing) existing.push(...messages)
    else this.contextMessages.set(sourceId, [...messages])
  }

  extendInstructions(_sourceId: string, instructions: string | readonly string[]): void {
    if (typeof instructions === 'string') this.instructions.push(instructions)
    else this.instructions.push(...instructions)
  }

  extendTools(_sourceId: string, tools: readonly ToolLike[]): void {
    this.tools.push(...tools)
  }

  /** Context messages in provider order (optionally filtered), then the input if asked for. */
  getMessages(options: GetMessagesOptions = {}): Message[] {
    const only = options.sources ? new Set(options.sources) : undefined
    const excluded = options.excludeSources ? new Set(options.excludeSources) : undefined
    const messages: Message[] = []
    for (const [sourceId, list] of this.contextMessages) {
      if (only && !only.has(sourceId)) continue
      if (excluded?.has(sourceId)) continue
      for (const message of list) messages.push(message)
    }
    if (options.includeInput) for (const message of this.inputMessages) messages.push(message)
    return messages
  }
}
