/** Framework messages and options → a Chat Completions request body (`POST /v1/chat/completions`). */
import type {
  ChatCompletionContentPart,
  ChatCompletionCreateParamsBase,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
  ChatCompletionTool,
} from 'openai/resources/chat/completions'
import type { ResponseFormatJSONSchema, ResponseFormatJSONObject, ResponseFormatText } from 'openai/resources/shared'
import type { ChatOptions } from '../../chat-client'
import { Message, functionResultText, type DataContent, type UriContent } from '../../../types'
import { argumentsToText, functionToolsOf, jsonSchemaFormatFields, normalizeToolChoice, toolParametersSchema } from '../shared-conversion'
import { normalizeResponseFormat, type NormalizedResponseFormat } from '../../../structured-output/response-format'
import { ToolNameMap } from '../tool-names'

export type ChatCompletionsRequestBody = Omit<ChatCompletionCreateParamsBase, 'stream' | 'stream_options'>

/** OpenAI's current name is `max_completion_tokens`; some compatible servers only know `max_tokens`. */
export type MaxTokensParameter = 'max_completion_tokens' | 'max_tokens'

export interface ChatCompletionsRequest {
  body: ChatCompletionsRequestBody
  toolNames: ToolNameMap
}

export function buildChatCompletionsRequest(
  messages: Message[],
  options: ChatOptions,
  defaultModel: string,
  maxTokensParameter: MaxTokensParameter = 'max_completion_tokens',
): ChatCompletionsRequest {
  const tools = functionToolsOf(options)
  const toolNames = new ToolNameMap(tools.map((tool) => tool.name))
  const instructions: Message[] = options.instructions ? [new Message({ role: 'system', text: options.instructions })] : []
  const body: ChatCompletionsRequestBody = {
    model: options.model ?? defaultModel,
    messages: messagesToChatCompletionMessages([...instructions, ...messages], toolNames),
  }
  if (options.temperature !== undefined) body.temperature = options.temperature
  if (options.topP !== undefined) body.top_p = options.topP
  if (options.maxTokens !== undefined) body[maxTokensParameter] = options.maxTokens
  if (options.stop !== undefined && options.stop.length > 0) body.stop = options.stop
  if (tools.length > 0) {
    body.tools = tools.map((tool): ChatCompletionTool => ({
      type: 'function',
      function: { name: toolNames.toWire(tool.name), description: tool.description, parameters: toolParametersSchema(tool) },
    }))
    const choice = normalizeToolChoice(options.toolChoice)
    if (choice) {
      body.tool_choice = choice.kind === 'function' ? { type: 'function', function: { name: toolNames.toWire(choice.name) } } : choice.mode
    }
  }
  const format = normalizeResponseFormat(options.responseFormat)
  if (format) body.response_format = toChatResponseFormat(format)
  return { body: { ...body, ...(options.additional ?? {}) }, toolNames }
}

function toChatResponseFormat(format: NormalizedResponseFormat): ResponseFormatText | ResponseFormatJSONObject | ResponseFormatJSONSchema {
  if (format.kind !== 'json_schema') return { type: format.kind }
  return { type: 'json_schema', json_schema: jsonSchemaFormatFields(format) }
}

export function messagesToChatCompletionMessages(messages: Message[], toolNames: ToolNameMap): ChatCompletionMessageParam[] {
  const wire: ChatCompletionMessageParam[] = []
  for (const message of messages) wire.push(...messageToChatMessages(message, toolNames))
  return wire
}

/** Tool results become one `tool` message each; everything else keeps the message's role. */
function messageToChatMessages(message: Message, toolNames: ToolNameMap): ChatCompletionMessageParam[] {
  const results: ChatCompletionMessageParam[] = []
  const parts: ChatCompletionContentPart[] = []
  const toolCalls: ChatCompletionMessageFunctionToolCall[] = []
  for (const content of message.contents) {
    switch (content.type) {
      case 'text':
        parts.push({ type: 'text', text: content.text })
        break
      case 'data':
      case 'uri': {
        const part = mediaToContentPart(content)
        if (part && message.role === 'user') parts.push(part)
        break
      }
      case 'function_call':
        toolCalls.push({
          id: content.callId,
          type: 'function',
          function: { name: toolNames.toWire(content.name), arguments: argumentsToText(content.arguments) },
        })
        break
      case 'function_result':
        results.push({ role: 'tool', tool_call_id: content.callId, content: functionResultText(content.result) })
        break
      default:
        // Reasoning, approvals, usage and errors are framework bookkeeping, not model input.
        break
    }
  }
  const main = mainMessage(message, parts, toolCalls)
  return main ? [main, ...results] : results
}

function mainMessage(
  message: Message,
  parts: ChatCompletionContentPart[],
  toolCalls: ChatCompletionMessageFunctionToolCall[],
): ChatCompletionMessageParam | undefined {
  const name = message.authorName ? { name: message.authorName } : {}
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('')
  switch (message.role) {
    case 'assistant':
      if (parts.length === 0 && toolCalls.length === 0) return undefined
      return {
        role: 'assistant',
        content: parts.length > 0 ? text : null,
        ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        ...name,
      }
    case 'system':
      return parts.length > 0 ? { role: 'system', content: text, ...name } : undefined
    default: {
      // Stray text in a tool-role message (no call id to attach it to) is read as user input.
      if (parts.length === 0) return undefined
      const onlyText = parts.every((part) => part.type === 'text')
      return { role: 'user', content: onlyText ? text : parts, ...name }
    }
  }
}

function mediaToContentPart(content: DataContent | UriContent): ChatCompletionContentPart | undefined {
  if (content.mediaType.startsWith('image/')) return { type: 'image_url', image_url: { url: content.uri } }
  if (content.type === 'data') return { type: 'file', file: { file_data: content.uri } }
  return undefined
}
