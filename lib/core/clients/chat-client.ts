import type { ResponseFormat } from '../structured-output/response-format'
import type { FunctionTool } from '../tools/function-tool'
import type { ChatResponse, ChatResponseUpdate, Message, ToolChoice } from '../types'

/** What a model call may set besides the messages (agents keep defaults of these, runs override them). */
export interface ChatOptions {
  model?: string
  temperature?: number
  maxTokens?: number
  topP?: number
  stop?: string[]
  /** Tools offered to the model; see lib/core/tools. */
  tools?: FunctionTool[]
  toolChoice?: ToolChoice
  /**
   * Structured output: a zod schema, a JSON Schema object, or a named format. The reply is parsed and
   * validated into `ChatResponse.value` / `AgentResponse.value` (a StructuredOutputError when it does not match).
   */
  responseFormat?: ResponseFormat
  /** System instructions prepended to the conversation. */
  instructions?: string
  /**
   * Ask the service to keep the conversation (Responses: `store: true`); the reply's
   * `ChatResponse.conversationId` then names it. Clients whose API keeps nothing ignore it.
   */
  store?: boolean
  /**
   * The service-kept conversation to continue (Responses: `previous_response_id`): only the messages
   * since it need to be sent. Clients whose API keeps nothing ignore it.
   */
  conversationId?: string
  /** Provider-specific options passed through untouched. */
  additional?: Record<string, unknown>
}

export interface ChatRequestOptions extends ChatOptions {
  signal?: AbortSignal
}

/** The protocol every chat client implements. */
export interface ChatClient {
  getResponse(messages: Message[], options?: ChatRequestOptions): Promise<ChatResponse>
  getStreamingResponse(messages: Message[], options?: ChatRequestOptions): AsyncIterable<ChatResponseUpdate>
}
