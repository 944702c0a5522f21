/**
 * The message model shared by clients, agents, tools, MCP and workflows.
 * Content parts are plain, JSON-serialisable objects discriminated by `type`;
 * Message is a small class so that `text` can be derived instead of stored.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool'

export interface UsageDetails {
  inputTokenCount?: number
  outputTokenCount?: number
  totalTokenCount?: number
  [key: string]: number | undefined
}

export interface TextContent { type: 'text'; text: string; annotations?: unknown[] }
export interface TextReasoningContent { type: 'reasoning'; text: string }
export interface FunctionCallContent {
  type: 'function_call'
  callId: string
  name: string
  /** Raw JSON text from the model, or already-parsed arguments. */
  arguments: string | Record<string, unknown>
}
export interface FunctionResultContent {
  type: 'function_result'
  callId: string
  result: unknown
  /** Set when the tool failed; `result` then holds the text the model sees. */
  exception?: string
}
export interface FunctionApprovalRequestContent {
  type: 'function_approval_request'
  id: string
  functionCall: FunctionCallContent
}
export interface FunctionApprovalResponseContent {
  type: 'function_approval_response'
  id: string
  approved: boolean
  functionCall: FunctionCallContent
}
export interface DataContent { type: 'data'; uri: string; mediaType: string }
export interface UriContent { type: 'uri'; uri: string; mediaType: string }
export interface UsageContent { type: 'usage'; details: UsageDetails }
export interface ErrorContent { type: 'error'; message: string; errorCode?: string; details?: string }

export type Content =
  | TextContent
  | TextReasoningContent
  | FunctionCallContent
  | FunctionResultContent
  | FunctionApprovalRequestContent
  | FunctionApprovalResponseContent
  | DataContent
  | UriContent
  | UsageContent
  | ErrorContent

export type ContentType = Content['type']

export interface MessageJSON {
  type: 'message'
  role: Role
  contents: Content[]
  authorName?: string
  messageId?: string
  additionalProperties?: Record<string, unknown>
}

export interface MessageInit {
  role: Role
  /** Strings become text contents. */
  contents?: Array<Content | string>
  text?: string
  authorName?: string
  messageId?: string
  additionalProperties?: Record<string, unknown>
}

export class Message {
  role: Role
  contents: Content[]
  authorName?: string
  messageId?: string
  additionalProperties?: Record<string, unknown>

  constructor(init: MessageInit) {
    this.role = init.role
    const parts = init.contents ?? (init.text !== undefined ? [init.text] : [])
    this.contents = parts.map((part) => (typeof part === 'string' ? textContent(part) : part))
    this.authorName = init.authorName
    this.messageId = init.messageId
    this.additionalProperties = init.additionalProperties
  }

  /** The concatenated text of the message's text contents. */
  get text(): string {
    let text = ''
    for (const content of this.contents) if (content.type === 'text') text += content.text
    return text
  }

  toJSON(): MessageJSON {
    const json: MessageJSON = { type: 'message', role: this.role, contents: this.contents }
    if (this.authorName !== undefined) json.authorName = this.authorName
    if (this.messageId !== undefined) json.messageId = this.messageId
    if (this.additionalProperties !== undefined) json.additionalProperties = this.additionalProperties
    return json
  }

  static fromJSON(json: Omit<MessageJSON, 'type'> & { type?: 'message' }): Message {
    return new Message(json)
  }
}

export function textContent(text: string): TextContent {
  return { type: 'text', text }
}

/** Accepts what callers naturally pass (a string, a Message, or a list of either) and returns Messages. */
export type MessageInput = string | Message | Array<string | Message>

export function normalizeMessages(input: MessageInput | undefined, role: Role = 'user'): Message[] {
  if (input === undefined) return []
  const items = Array.isArray(input) ? input : [input]
  return items.map((item) => (typeof item === 'string' ? new Message({ role, text: item }) : item))
}

export type ToolChoice = 'auto' | 'none' | 'required' | { mode: 'required'; requiredFunctionName: string }

export interface ChatOptions {
  model?: string
  temperature?: number
  maxTokens?: number
  topP?: number
  stop?: string[]
  /** Tools offered to the model; see lib/core/tools. */
  tools?: import('./tools/function-tool').FunctionTool[]
  toolChoice?: ToolChoice
  /** A JSON schema (or zod schema) for structured output. */
  responseFormat?: unknown
  /** System instructions prepended to the conversation. */
  instructions?: string
  /** Provider-specific options passed through untouched. */
  additional?: Record<string, unknown>
}

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter'

export interface ChatResponseInit {
  messages: Message[]
  responseId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>
}

export class ChatResponse {
  messages: Message[]
  responseId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>

  constructor(init: ChatResponseInit) {
    this.messages = init.messages
    this.responseId = init.responseId
    this.conversationId = init.conversationId
    this.modelId = init.modelId
    this.finishReason = init.finishReason
    this.usage = init.usage
    this.additionalProperties = init.additionalProperties
  }

  get text(): string {
    return this.messages.map((m) => m.text).join('')
  }
}

export interface ChatResponseUpdate {
  role?: Role
  contents: Content[]
  responseId?: string
  messageId?: string
  modelId?: string
  finishReason?: FinishReason
  authorName?: string
}

/** Text of a streaming update (concatenated text contents). */
export function updateText(update: { contents: Content[] }): string {
  let text = ''
  for (const content of update.contents) if (content.type === 'text') text += content.text
  return text
}

export function addUsage(a: UsageDetails | undefined, b: UsageDetails | undefined): UsageDetails | undefined {
  if (!a) return b ? { ...b } : undefined
  if (!b) return { ...a }
  const sum: UsageDetails = { ...a }
  for (const [key, value] of Object.entries(b)) if (value !== undefined) sum[key] = (sum[key] ?? 0) + value
  return sum
}
