/**
 * The message model shared by clients, agents, tools, MCP and workflows.
 * Content parts are plain, JSON-serialisable objects discriminated by `type`;
 * Message is a small class so that `text` can be derived instead of stored.
 *
 * The ground floor of lib/core (with errors.ts): it imports nothing of the framework, so every
 * layer can use it without an import cycle. A type that needs a higher layer lives in that layer.
 */

export type Role = 'system' | 'user' | 'assistant' | 'tool'

export interface UsageDetails {
  inputTokenCount?: number
  outputTokenCount?: number
  totalTokenCount?: number
  [key: string]: number | undefined
}

export interface TextContent {
  type: 'text'
  text: string
  annotations?: unknown[]
}
export interface TextReasoningContent {
  type: 'reasoning'
  text: string
}
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
export interface DataContent {
  type: 'data'
  uri: string
  mediaType: string
}
export interface UriContent {
  type: 'uri'
  uri: string
  mediaType: string
}
export interface UsageContent {
  type: 'usage'
  details: UsageDetails
}
export interface ErrorContent {
  type: 'error'
  message: string
  errorCode?: string
  details?: string
}

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
    return new Message({
      role: json.role,
      contents: json.contents,
      authorName: json.authorName,
      messageId: json.messageId,
      additionalProperties: json.additionalProperties,
    })
  }
}

export function textContent(text: string): TextContent {
  return { type: 'text', text }
}

export function reasoningContent(text: string): TextReasoningContent {
  return { type: 'reasoning', text }
}

export function functionCallContent(callId: string, name: string, args: FunctionCallContent['arguments'] = {}): FunctionCallContent {
  return { type: 'function_call', callId, name, arguments: args }
}

export function functionResultContent(callId: string, result: unknown, exception?: string): FunctionResultContent {
  const content: FunctionResultContent = { type: 'function_result', callId, result }
  if (exception !== undefined) content.exception = exception
  return content
}

/** Wraps a call the caller must approve; the request id is the call id so answers map back without lookup tables. */
export function functionApprovalRequest(functionCall: FunctionCallContent): FunctionApprovalRequestContent {
  return { type: 'function_approval_request', id: functionCall.callId, functionCall }
}

/** The caller's answer to an approval request (send it back in the next run's input). */
export function toFunctionApprovalResponse(request: FunctionApprovalRequestContent, approved: boolean): FunctionApprovalResponseContent {
  return { type: 'function_approval_response', id: request.id, approved, functionCall: request.functionCall }
}

export function usageContent(details: UsageDetails): UsageContent {
  return { type: 'usage', details }
}

export function errorContent(message: string, errorCode?: string, details?: string): ErrorContent {
  const content: ErrorContent = { type: 'error', message }
  if (errorCode !== undefined) content.errorCode = errorCode
  if (details !== undefined) content.details = details
  return content
}

/** The text a model sees for a function result: strings as they are, anything else as JSON. */
export function functionResultText(result: unknown): string {
  if (typeof result === 'string') return result
  if (result === undefined) return ''
  try {
    return JSON.stringify(result) ?? String(result)
  } catch {
    return String(result)
  }
}

/** Accepts what callers naturally pass (a string, a Message, or a list of either) and returns Messages. */
export type MessageInput = string | Message | Array<string | Message>

export function normalizeMessages(input: MessageInput | undefined, role: Role = 'user'): Message[] {
  if (input === undefined) return []
  const items = Array.isArray(input) ? input : [input]
  return items.map((item) => (typeof item === 'string' ? new Message({ role, text: item }) : item))
}

export type ToolChoice = 'auto' | 'none' | 'required' | { mode: 'required'; requiredFunctionName: string }

/** A JSON Schema document (tool parameters, structured output). */
export type JSONSchema = Record<string, unknown>

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter'

function collectUserInputRequests(messages: readonly Message[]): FunctionApprovalRequestContent[] {
  const requests: FunctionApprovalRequestContent[] = []
  for (const message of messages) {
    for (const content of message.contents) if (content.type === 'function_approval_request') requests.push(content)
  }
  return requests
}

function messagesText(messages: readonly Message[]): string {
  let text = ''
  for (const message of messages) text += message.text
  return text
}

function reviveMessages(items: ReadonlyArray<Message | MessageJSON>): Message[] {
  return items.map((item) => (item instanceof Message ? item : Message.fromJSON(item)))
}

/** Copies the optional fields that are set, so JSON output carries no `undefined` keys. */
function definedFields<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {}
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key]
  return out
}

export interface ChatResponseInit {
  messages: Message[]
  responseId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>
  /** The parsed, validated structured output (see ChatOptions.responseFormat). */
  value?: unknown
}

export interface ChatResponseJSON extends Omit<ChatResponseInit, 'messages'> {
  type: 'chat_response'
  messages: MessageJSON[]
}

const CHAT_RESPONSE_FIELDS = ['responseId', 'conversationId', 'modelId', 'finishReason', 'usage', 'additionalProperties', 'value'] as const

/** What chat and agent responses share: the messages, their text, and the requests for a person among them. */
abstract class MessagesResponse {
  constructor(public messages: Message[]) {}

  get text(): string {
    return messagesText(this.messages)
  }

  /**
   * Approval requests (and other requests for a person) raised in these messages; an agent run
   * continues once the caller answers them (toFunctionApprovalResponse).
   */
  get userInputRequests(): FunctionApprovalRequestContent[] {
    return collectUserInputRequests(this.messages)
  }
}

export class ChatResponse extends MessagesResponse {
  responseId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>
  /** The reply parsed as JSON and validated against the request's responseFormat; undefined without one. */
  value?: unknown

  constructor(init: ChatResponseInit) {
    super(init.messages)
    Object.assign(this, definedFields(init, CHAT_RESPONSE_FIELDS))
  }

  toJSON(): ChatResponseJSON {
    return {
      type: 'chat_response',
      messages: this.messages.map((m) => m.toJSON()),
      ...definedFields<ChatResponseInit, (typeof CHAT_RESPONSE_FIELDS)[number]>(this, CHAT_RESPONSE_FIELDS),
    }
  }

  static fromJSON(json: Omit<ChatResponseJSON, 'type' | 'messages'> & { messages: Array<Message | MessageJSON> }): ChatResponse {
    return new ChatResponse({ ...definedFields(json, CHAT_RESPONSE_FIELDS), messages: reviveMessages(json.messages) })
  }
}

/**
 * One streamed chunk from a chat client. Kept a plain interface so clients can yield object literals.
 * Usage arrives as a `usage` content; function-call argument deltas as `function_call` contents sharing a callId
 * (see clients/response-updates.ts for how updates are assembled into a ChatResponse).
 */
export interface ChatResponseUpdate {
  role?: Role
  contents: Content[]
  responseId?: string
  messageId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
  authorName?: string
  additionalProperties?: Record<string, unknown>
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

export interface AgentResponseInit {
  messages: Message[]
  responseId?: string
  agentId?: string
  modelId?: string
  createdAt?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>
  /** The parsed, validated structured output (see ChatOptions.responseFormat). */
  value?: unknown
}

export interface AgentResponseJSON extends Omit<AgentResponseInit, 'messages'> {
  type: 'agent_response'
  messages: MessageJSON[]
}

const AGENT_RESPONSE_FIELDS = ['responseId', 'agentId', 'modelId', 'createdAt', 'finishReason', 'usage', 'additionalProperties', 'value'] as const

/** What an agent run returns: the new messages it produced (tool calls, tool results, the final answer). */
export class AgentResponse extends MessagesResponse {
  responseId?: string
  agentId?: string
  /** The model that answered (its last call), as the provider named it. */
  modelId?: string
  createdAt?: string
  finishReason?: FinishReason
  usage?: UsageDetails
  additionalProperties?: Record<string, unknown>
  /** The final reply parsed as JSON and validated against the run's responseFormat; undefined without one. */
  value?: unknown

  constructor(init: AgentResponseInit) {
    super(init.messages)
    Object.assign(this, definedFields(init, AGENT_RESPONSE_FIELDS))
  }

  toJSON(): AgentResponseJSON {
    return {
      type: 'agent_response',
      messages: this.messages.map((m) => m.toJSON()),
      ...definedFields<AgentResponseInit, (typeof AGENT_RESPONSE_FIELDS)[number]>(this, AGENT_RESPONSE_FIELDS),
    }
  }

  static fromJSON(json: Omit<AgentResponseJSON, 'type' | 'messages'> & { messages: Array<Message | MessageJSON> }): AgentResponse {
    return new AgentResponse({ ...definedFields(json, AGENT_RESPONSE_FIELDS), messages: reviveMessages(json.messages) })
  }
}

export interface AgentResponseUpdateInit {
  contents: Content[]
  role?: Role
  authorName?: string
  agentId?: string
  responseId?: string
  modelId?: string
  messageId?: string
  createdAt?: string
  finishReason?: FinishReason
  additionalProperties?: Record<string, unknown>
}

export interface AgentResponseUpdateJSON extends AgentResponseUpdateInit {
  type: 'agent_response_update'
}

const AGENT_UPDATE_FIELDS = [
  'role',
  'authorName',
  'agentId',
  'responseId',
  'modelId',
  'messageId',
  'createdAt',
  'finishReason',
  'additionalProperties',
] as const

/** One streamed chunk of an agent run: model text deltas, function calls, tool results or approval requests. */
export class AgentResponseUpdate {
  contents: Content[]
  role?: Role
  authorName?: string
  agentId?: string
  responseId?: string
  modelId?: string
  messageId?: string
  createdAt?: string
  finishReason?: FinishReason
  additionalProperties?: Record<string, unknown>

  constructor(init: AgentResponseUpdateInit) {
    this.contents = init.contents
    Object.assign(this, definedFields(init, AGENT_UPDATE_FIELDS))
  }

  get text(): string {
    return updateText(this)
  }

  get userInputRequests(): FunctionApprovalRequestContent[] {
    return this.contents.filter((c): c is FunctionApprovalRequestContent => c.type === 'function_approval_request')
  }

  toJSON(): AgentResponseUpdateJSON {
    return {
      type: 'agent_response_update',
      contents: this.contents,
      ...definedFields<AgentResponseUpdateInit, (typeof AGENT_UPDATE_FIELDS)[number]>(this, AGENT_UPDATE_FIELDS),
    }
  }

  static fromJSON(json: AgentResponseUpdateInit & { type?: 'agent_response_update' }): AgentResponseUpdate {
    return new AgentResponseUpdate({ contents: json.contents, ...definedFields(json, AGENT_UPDATE_FIELDS) })
  }
}
