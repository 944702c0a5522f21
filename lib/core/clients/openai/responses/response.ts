/** A Responses API `Response` object → the framework's ChatResponse. */
import type { Response as ResponsesResponse, ResponseOutputItem, ResponseUsage } from 'openai/resources/responses/responses'
import { ChatResponse, Message, type Content, type FinishReason, type UsageDetails } from '../../../types'
import { serviceReportedError } from '../error-mapping'
import { toUsageDetails } from '../shared-conversion'
import type { ToolNameMap } from '../tool-names'

/** `stored`: the request asked the service to keep the conversation, which then continues from this response's id. */
export function responseToChatResponse(response: ResponsesResponse, toolNames: ToolNameMap, clientName: string, stored = false): ChatResponse {
  if (response.status === 'failed') {
    throw serviceReportedError(clientName, response.error, 'the response failed without details.')
  }
  const contents = (response.output ?? []).flatMap((item) => outputItemToContents(item, toolNames))
  const messageItem = (response.output ?? []).find((item) => item.type === 'message')
  return new ChatResponse({
    messages: [new Message({ role: 'assistant', contents, messageId: messageItem?.id })],
    responseId: response.id,
    ...(stored ? { conversationId: response.id } : {}),
    modelId: response.model,
    finishReason: responsesFinishReason(
      response,
      contents.some((content) => content.type === 'function_call'),
    ),
    usage: responsesUsage(response.usage),
  })
}

/** Output items the framework understands; hosted-tool items (web search, MCP...) are not produced by our requests. */
export function outputItemToContents(item: ResponseOutputItem, toolNames: ToolNameMap): Content[] {
  switch (item.type) {
    case 'message':
      return item.content.map((part): Content =>
        part.type === 'output_text'
          ? { type: 'text', text: part.text, ...(part.annotations?.length ? { annotations: part.annotations } : {}) }
          : { type: 'text', text: part.refusal },
      )
    case 'function_call':
      return [{ type: 'function_call', callId: item.call_id, name: toolNames.toLocal(item.name), arguments: item.arguments }]
    case 'reasoning': {
      const texts = [...(item.content ?? []), ...(item.summary ?? [])].map((part) => part.text)
      return texts.filter((text) => text.length > 0).map((text): Content => ({ type: 'reasoning', text }))
    }
    default:
      return []
  }
}

export function responsesUsage(usage: ResponseUsage | null | undefined): UsageDetails | undefined {
  if (!usage) return undefined
  return toUsageDetails({
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
    totalTokens: usage.total_tokens,
    cachedInputTokens: usage.input_tokens_details?.cached_tokens,
    reasoningTokens: usage.output_tokens_details?.reasoning_tokens,
  })
}

export function responsesFinishReason(response: Pick<ResponsesResponse, 'status' | 'incomplete_details'>, hasFunctionCalls: boolean): FinishReason | undefined {
  if (response.status === 'incomplete') {
    const reason = response.incomplete_details?.reason
    if (reason === 'content_filter') return 'content_filter'
    return 'length'
  }
  if (hasFunctionCalls) return 'tool_calls'
  if (response.status === 'completed' || response.status === undefined) return 'stop'
  return undefined
}
