/** A `GenerateContentResponse` (whole, or one chunk of a stream) → framework contents, finish reason and usage. */
import type { GenerateContentResponse } from '@google/genai'
import type { Content, FinishReason, UsageDetails } from '../../types'
import { toUsageDetails } from '../openai/shared-conversion'
import type { ToolNameMap } from '../openai/tool-names'

export interface GeminiTurn {
  contents: Content[]
  finishReason?: FinishReason
  usage?: UsageDetails
  /** Thought signatures of the function calls in this turn, by call id. */
  signatures: Array<[string, string]>
}

/** `index` numbers calls without an id (Gemini 2.x leaves them out), unique within one model turn. */
export function geminiTurn(response: GenerateContentResponse, toolNames: ToolNameMap, callIdPrefix: string): GeminiTurn {
  const candidate = response.candidates?.[0]
  const contents: Content[] = []
  const signatures: Array<[string, string]> = []
  let callIndex = 0
  for (const part of candidate?.content?.parts ?? []) {
    if (part.functionCall) {
      const callId = part.functionCall.id || `${callIdPrefix}_${callIndex}`
      callIndex++
      contents.push({
        type: 'function_call',
        callId,
        name: toolNames.toLocal(part.functionCall.name ?? ''),
        arguments: JSON.stringify(part.functionCall.args ?? {}),
      })
      if (part.thoughtSignature) signatures.push([callId, part.thoughtSignature])
    } else if (typeof part.text === 'string' && part.text.length > 0) {
      contents.push(part.thought ? { type: 'reasoning', text: part.text } : { type: 'text', text: part.text })
    }
  }
  const hasCalls = contents.some((content) => content.type === 'function_call')
  return { contents, finishReason: toFinishReason(candidate?.finishReason, hasCalls), usage: geminiUsage(response), signatures }
}

/** Gemini says STOP also when it asks for tools: the framework calls that `tool_calls`. */
export function toFinishReason(reason: string | undefined, hasCalls: boolean): FinishReason | undefined {
  if (reason === undefined) return undefined
  if (hasCalls && reason === 'STOP') return 'tool_calls'
  switch (reason) {
    case 'STOP':
      return 'stop'
    case 'MAX_TOKENS':
      return 'length'
    case 'SAFETY':
    case 'RECITATION':
    case 'BLOCKLIST':
    case 'PROHIBITED_CONTENT':
    case 'SPII':
    case 'IMAGE_SAFETY':
      return 'content_filter'
    default:
      return undefined
  }
}

export function geminiUsage(response: GenerateContentResponse): UsageDetails | undefined {
  const usage = response.usageMetadata
  if (!usage) return undefined
  // Thinking tokens are billed as output but counted apart from the candidates.
  const output =
    usage.candidatesTokenCount !== undefined || usage.thoughtsTokenCount !== undefined
      ? (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0)
      : undefined
  return toUsageDetails({
    inputTokens: usage.promptTokenCount,
    outputTokens: output,
    totalTokens: usage.totalTokenCount,
    cachedInputTokens: usage.cachedContentTokenCount,
    reasoningTokens: usage.thoughtsTokenCount,
  })
}
