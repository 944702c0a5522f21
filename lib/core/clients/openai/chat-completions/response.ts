/** A Chat Completions `ChatCompletion` → the framework's ChatResponse. */
import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { CompletionUsage } from 'openai/resources/completions'
import { ChatResponse, Message, type Content, type FinishReason, type UsageDetails } from '../../../types'
import { toUsageDetails } from '../shared-conversion'
import type { ToolNameMap } from '../tool-names'

export function chatCompletionToChatResponse(completion: ChatCompletion, toolNames: ToolNameMap): ChatResponse {
  // We never ask for n > 1, so the first choice is the answer.
  const choice = completion.choices[0]
  const contents: Content[] = []
  if (choice) {
    const message = choice.message
    const reasoning = reasoningOf(message)
    if (reasoning) contents.push({ type: 'reasoning', text: reasoning })
    if (message.content) contents.push({ type: 'text', text: message.content })
    if (message.refusal) contents.push({ type: 'text', text: message.refusal })
    for (const call of message.tool_calls ?? []) {
      if (call.type !== 'function') continue
      contents.push({
        type: 'function_call',
        callId: call.id,
        name: toolNames.toLocal(call.function.name),
        arguments: call.function.arguments,
      })
    }
  }
  return new ChatResponse({
    messages: [new Message({ role: 'assistant', contents, messageId: completion.id })],
    responseId: completion.id,
    modelId: completion.model,
    finishReason: toFinishReason(choice?.finish_reason),
    usage: chatCompletionUsage(completion.usage),
  })
}

export function toFinishReason(reason: string | null | undefined): FinishReason | undefined {
  switch (reason) {
    case 'stop':
    case 'length':
    case 'tool_calls':
    case 'content_filter':
      return reason
    case 'function_call':
      return 'tool_calls'
    default:
      return undefined
  }
}

export function chatCompletionUsage(usage: CompletionUsage | null | undefined): UsageDetails | undefined {
  if (!usage) return undefined
  return toUsageDetails({
    inputTokens: usage.prompt_tokens,
    outputTokens: usage.completion_tokens,
    totalTokens: usage.total_tokens,
    cachedInputTokens: usage.prompt_tokens_details?.cached_tokens,
    reasoningTokens: usage.completion_tokens_details?.reasoning_tokens,
  })
}

/** Several compatible servers (vLLM, DeepSeek, Ollama) return reasoning beside the content. */
export function reasoningOf(message: object): string | undefined {
  const value = (message as { reasoning_content?: unknown; reasoning?: unknown }).reasoning_content ?? (message as { reasoning?: unknown }).reasoning
  return typeof value === 'string' && value.length > 0 ? value : undefined
}
