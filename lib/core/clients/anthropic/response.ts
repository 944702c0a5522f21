/** A Messages API `Message` → the framework's ChatResponse, and the stop reason and usage mappings the stream shares. */
import type { Message as AnthropicMessage } from '@anthropic-ai/sdk/resources/messages/messages'
import { ChatResponse, Message, type Content, type FinishReason, type UsageDetails } from '../../types'
import { toUsageDetails } from '../openai/shared-conversion'
import type { ToolNameMap } from '../openai/tool-names'

export function anthropicMessageToChatResponse(message: AnthropicMessage, toolNames: ToolNameMap): ChatResponse {
  const contents: Content[] = []
  for (const block of message.content) {
    if (block.type === 'text') contents.push({ type: 'text', text: block.text })
    else if (block.type === 'thinking') contents.push({ type: 'reasoning', text: block.thinking })
    else if (block.type === 'tool_use') {
      contents.push({ type: 'function_call', callId: block.id, name: toolNames.toLocal(block.name), arguments: JSON.stringify(block.input ?? {}) })
    }
  }
  return new ChatResponse({
    messages: [new Message({ role: 'assistant', contents, messageId: message.id })],
    responseId: message.id,
    modelId: message.model,
    finishReason: toFinishReason(message.stop_reason),
    usage: anthropicUsage(message.usage),
  })
}

export function toFinishReason(reason: string | null | undefined): FinishReason | undefined {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case 'pause_turn':
      return 'stop'
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length'
    case 'tool_use':
      return 'tool_calls'
    case 'refusal':
      return 'content_filter'
    default:
      return undefined
  }
}

export interface AnthropicWireUsage {
  input_tokens?: number | null
  output_tokens?: number | null
  cache_creation_input_tokens?: number | null
  cache_read_input_tokens?: number | null
}

/**
 * Anthropic counts cached input apart from `input_tokens`: the framework's input count is all three
 * (what the prompt was), with the cache reads and writes also reported on their own.
 */
export function anthropicUsage(usage: AnthropicWireUsage | null | undefined): UsageDetails | undefined {
  if (!usage) return undefined
  const cacheRead = usage.cache_read_input_tokens ?? 0
  const cacheWrite = usage.cache_creation_input_tokens ?? 0
  const input = typeof usage.input_tokens === 'number' ? usage.input_tokens + cacheRead + cacheWrite : undefined
  const details = toUsageDetails({
    inputTokens: input,
    outputTokens: usage.output_tokens,
    cachedInputTokens: usage.cache_read_input_tokens ?? undefined,
  })
  if (details && typeof usage.cache_creation_input_tokens === 'number') details.cacheCreationInputTokenCount = usage.cache_creation_input_tokens
  return details
}
