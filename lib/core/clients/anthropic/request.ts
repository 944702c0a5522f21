/**
 * Framework messages and options → a Messages API request body (`POST /v1/messages`).
 * System messages and instructions go to `system`; tool results become `tool_result` blocks in a
 * user turn right after the assistant's `tool_use` blocks; consecutive turns of one role are merged,
 * as the API wants user and assistant turns to alternate.
 */
import type {
  ContentBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  Tool,
  ToolChoice as AnthropicToolChoice,
} from '@anthropic-ai/sdk/resources/messages/messages'
import { normalizeResponseFormat, type NormalizedResponseFormat } from '../../structured-output/response-format'
import { functionResultText, type DataContent, type Message, type UriContent } from '../../types'
import type { ChatOptions } from '../chat-client'
import { functionToolsOf, normalizeToolChoice, toolParametersSchema } from '../openai/shared-conversion'
import { ToolNameMap } from '../openai/tool-names'

/** The body without `stream`; temperature and top_p are sent although the package's types no longer list them. */
export type AnthropicRequestBody = Omit<MessageCreateParamsBase, 'stream'> & { temperature?: number; top_p?: number }

export interface AnthropicRequest {
  body: AnthropicRequestBody
  toolNames: ToolNameMap
}

/** What a `json_object` format adds to the instructions: the API has no schema-less JSON mode. */
const JSON_OBJECT_INSTRUCTION = 'Reply with a single JSON object and nothing else.'

export function buildAnthropicRequest(messages: Message[], options: ChatOptions, defaultModel: string, defaultMaxTokens: number): AnthropicRequest {
  const tools = functionToolsOf(options)
  const toolNames = new ToolNameMap(tools.map((tool) => tool.name))
  const format = normalizeResponseFormat(options.responseFormat)
  const system = [options.instructions, ...messages.filter((message) => message.role === 'system').map((message) => message.text)]
  if (format?.kind === 'json_object') system.push(JSON_OBJECT_INSTRUCTION)
  const body: AnthropicRequestBody = {
    model: options.model ?? defaultModel,
    max_tokens: options.maxTokens ?? defaultMaxTokens,
    messages: toAnthropicMessages(messages, toolNames),
  }
  const systemText = system.filter((part): part is string => typeof part === 'string' && part.length > 0).join('\n\n')
  if (systemText) body.system = systemText
  if (options.temperature !== undefined) body.temperature = options.temperature
  if (options.topP !== undefined) body.top_p = options.topP
  if (options.stop !== undefined && options.stop.length > 0) body.stop_sequences = options.stop
  if (tools.length > 0) {
    body.tools = tools.map((tool): Tool => ({
      name: toolNames.toWire(tool.name),
      description: tool.description,
      input_schema: toolParametersSchema(tool) as Tool.InputSchema,
    }))
    const choice = toAnthropicToolChoice(options, toolNames)
    if (choice) body.tool_choice = choice
  }
  const outputFormat = toOutputFormat(format)
  if (outputFormat) body.output_config = { format: outputFormat }
  const { output_config: extraOutputConfig, ...additional } = (options.additional ?? {}) as { output_config?: object }
  // `output_config` holds both the format and the effort: merge rather than replace.
  if (extraOutputConfig) body.output_config = { ...extraOutputConfig, ...body.output_config }
  return { body: { ...body, ...additional }, toolNames }
}

function toAnthropicToolChoice(options: ChatOptions, toolNames: ToolNameMap): AnthropicToolChoice | undefined {
  const choice = normalizeToolChoice(options.toolChoice)
  if (!choice) return undefined
  if (choice.kind === 'function') return { type: 'tool', name: toolNames.toWire(choice.name) }
  if (choice.mode === 'required') return { type: 'any' }
  return { type: choice.mode }
}

/** A JSON Schema format is the API's native structured output (`output_config.format`). */
function toOutputFormat(format: NormalizedResponseFormat | undefined) {
  if (format?.kind !== 'json_schema') return undefined
  return { type: 'json_schema' as const, schema: format.schema as Record<string, unknown> }
}

export function toAnthropicMessages(messages: Message[], toolNames: ToolNameMap): MessageParam[] {
  const wire: MessageParam[] = []
  for (const message of messages) {
    if (message.role === 'system') continue
    const role = message.role === 'assistant' ? 'assistant' : 'user'
    const blocks = toBlocks(message, role, toolNames)
    if (blocks.length === 0) continue
    const last = wire.at(-1)
    if (last && last.role === role) (last.content as ContentBlockParam[]).push(...blocks)
    else wire.push({ role, content: blocks })
  }
  // Tool results must open the user turn that follows the tool calls.
  for (const turn of wire) {
    if (turn.role === 'user') (turn.content as ContentBlockParam[]).sort((a, b) => Number(b.type === 'tool_result') - Number(a.type === 'tool_result'))
  }
  return wire
}

function toBlocks(message: Message, role: 'user' | 'assistant', toolNames: ToolNameMap): ContentBlockParam[] {
  const blocks: ContentBlockParam[] = []
  for (const content of message.contents) {
    switch (content.type) {
      case 'text':
        if (content.text.length > 0) blocks.push({ type: 'text', text: content.text })
        break
      case 'data':
      case 'uri': {
        const block = role === 'user' ? mediaBlock(content) : undefined
        if (block) blocks.push(block)
        break
      }
      case 'function_call':
        blocks.push({ type: 'tool_use', id: content.callId, name: toolNames.toWire(content.name), input: parsedArguments(content.arguments) })
        break
      case 'function_result':
        blocks.push({
          type: 'tool_result',
          tool_use_id: content.callId,
          content: functionResultText(content.result),
          ...(content.exception !== undefined ? { is_error: true } : {}),
        })
        break
      default:
        // Reasoning (its signature is not kept), approvals, usage and errors are not model input.
        break
    }
  }
  return blocks
}

function parsedArguments(args: string | Record<string, unknown> | undefined): Record<string, unknown> {
  if (args === undefined) return {}
  if (typeof args !== 'string') return args
  try {
    const parsed: unknown = JSON.parse(args || '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp'])

function mediaBlock(content: DataContent | UriContent): ContentBlockParam | undefined {
  if (content.type === 'uri') {
    if (content.mediaType.startsWith('image/')) return { type: 'image', source: { type: 'url', url: content.uri } }
    if (content.mediaType === 'application/pdf') return { type: 'document', source: { type: 'url', url: content.uri } }
    return undefined
  }
  const data = content.uri.slice(content.uri.indexOf(',') + 1)
  if (IMAGE_TYPES.has(content.mediaType)) {
    return { type: 'image', source: { type: 'base64', media_type: content.mediaType as 'image/png', data } }
  }
  if (content.mediaType === 'application/pdf') return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data } }
  return undefined
}
