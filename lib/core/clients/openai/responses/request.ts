/**
 * Framework messages and options → a Responses API request body (`POST /v1/responses`).
 * By default the messages given are the whole conversation, so the framework's own sessions stay
 * the single source of truth. With `options.store` the service keeps the conversation, and with
 * `options.conversationId` (`previous_response_id`) the messages given are only the new ones.
 */
import type {
  EasyInputMessage,
  FunctionTool as ResponsesFunctionTool,
  ResponseCreateParamsBase,
  ResponseFormatTextConfig,
  ResponseInputContent,
  ResponseInputItem,
} from 'openai/resources/responses/responses'
import type { ChatOptions } from '../../chat-client'
import { functionResultText, type DataContent, type Message, type UriContent } from '../../../types'
import { argumentsToText, functionToolsOf, jsonSchemaFormatFields, normalizeToolChoice, toolParametersSchema } from '../shared-conversion'
import { normalizeResponseFormat, type NormalizedResponseFormat } from '../../../structured-output/response-format'
import { ToolNameMap } from '../tool-names'

export type ResponsesRequestBody = Omit<ResponseCreateParamsBase, 'stream'>

export interface ResponsesRequest {
  body: ResponsesRequestBody
  /** Maps the model's (wire) function names back to local tool names. */
  toolNames: ToolNameMap
}

/**
 * `stop` has no Responses API counterpart and is not sent (use the Chat Completions client when
 * stop sequences matter). `additional` is merged last, so it can set any provider option.
 */
export function buildResponsesRequest(messages: Message[], options: ChatOptions, defaultModel: string): ResponsesRequest {
  const tools = functionToolsOf(options)
  const toolNames = new ToolNameMap(tools.map((tool) => tool.name))
  const body: ResponsesRequestBody = {
    model: options.model ?? defaultModel,
    input: messagesToResponsesInput(messages, toolNames),
  }
  if (options.instructions) body.instructions = options.instructions
  if (options.temperature !== undefined) body.temperature = options.temperature
  if (options.topP !== undefined) body.top_p = options.topP
  if (options.maxTokens !== undefined) body.max_output_tokens = options.maxTokens
  if (options.store !== undefined) body.store = options.store
  if (options.conversationId) body.previous_response_id = options.conversationId
  if (tools.length > 0) {
    body.tools = tools.map((tool): ResponsesFunctionTool => ({
      type: 'function',
      name: toolNames.toWire(tool.name),
      description: tool.description,
      parameters: toolParametersSchema(tool),
      strict: false,
    }))
    const choice = normalizeToolChoice(options.toolChoice)
    if (choice) {
      body.tool_choice = choice.kind === 'function' ? { type: 'function', name: toolNames.toWire(choice.name) } : choice.mode
    }
  }
  const format = normalizeResponseFormat(options.responseFormat)
  if (format) body.text = { format: toResponsesTextFormat(format) }
  return { body: { ...body, ...(options.additional ?? {}) }, toolNames }
}

function toResponsesTextFormat(format: NormalizedResponseFormat): ResponseFormatTextConfig {
  if (format.kind !== 'json_schema') return { type: format.kind }
  return { type: 'json_schema', ...jsonSchemaFormatFields(format) }
}

export function messagesToResponsesInput(messages: Message[], toolNames: ToolNameMap): ResponseInputItem[] {
  const items: ResponseInputItem[] = []
  for (const message of messages) items.push(...messageToInputItems(message, toolNames))
  return items
}

/**
 * One framework message can become several items: function calls and their results are
 * separate items in the Responses API, and content order is kept.
 */
function messageToInputItems(message: Message, toolNames: ToolNameMap): ResponseInputItem[] {
  const items: ResponseInputItem[] = []
  let parts: ResponseInputContent[] = []
  const flush = () => {
    if (parts.length > 0) items.push(toInputMessage(message.role, parts))
    parts = []
  }
  for (const content of message.contents) {
    switch (content.type) {
      case 'text':
        parts.push({ type: 'input_text', text: content.text })
        break
      case 'data':
      case 'uri': {
        const part = mediaToInputContent(content)
        if (part && message.role === 'user') parts.push(part)
        break
      }
      case 'function_call':
        flush()
        items.push({
          type: 'function_call',
          call_id: content.callId,
          name: toolNames.toWire(content.name),
          arguments: argumentsToText(content.arguments),
        })
        break
      case 'function_result':
        flush()
        items.push({ type: 'function_call_output', call_id: content.callId, output: functionResultText(content.result) })
        break
      default:
        // Reasoning, approvals, usage and errors are framework bookkeeping, not model input.
        break
    }
  }
  flush()
  return items
}

function toInputMessage(role: Message['role'], parts: ResponseInputContent[]): EasyInputMessage {
  if (role === 'assistant' || role === 'system') {
    // Assistant and system turns are plain text in the Responses input.
    return { type: 'message', role, content: parts.map((part) => (part.type === 'input_text' ? part.text : '')).join('') }
  }
  return { type: 'message', role: 'user', content: parts }
}

function mediaToInputContent(content: DataContent | UriContent): ResponseInputContent | undefined {
  if (content.mediaType.startsWith('image/')) return { type: 'input_image', image_url: content.uri, detail: 'auto' }
  if (content.type === 'data') return { type: 'input_file', file_data: content.uri }
  return { type: 'input_file', file_url: content.uri }
}
