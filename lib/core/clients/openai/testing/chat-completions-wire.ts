/**
 * Renders a ScriptedTurn as Chat Completions does: a `chat.completion` object, or a stream of
 * `chat.completion.chunk` data lines ending in `[DONE]` (with a usage chunk when the request
 * asked for `stream_options.include_usage`).
 */
import { finishReasonOf, fragmentsOf, joinFragments, type IdSequence, type ScriptedTurn, type SseEvent } from './scripted-replies'

type Json = Record<string, unknown>

function usageOf(turn: ScriptedTurn): Json | null {
  if (!turn.usage) return null
  return {
    prompt_tokens: turn.usage.inputTokens,
    completion_tokens: turn.usage.outputTokens,
    total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
    prompt_tokens_details: { cached_tokens: 0 },
    completion_tokens_details: { reasoning_tokens: 0 },
  }
}

export function renderChatCompletionJson(turn: ScriptedTurn, requestedModel: string, ids: IdSequence): Json {
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.callId,
    type: 'function',
    function: { name: call.name, arguments: joinFragments(call.arguments) },
  }))
  const message: Json = {
    role: 'assistant',
    content: turn.text !== undefined ? joinFragments(turn.text) : null,
    refusal: null,
    ...(turn.reasoning !== undefined ? { reasoning_content: turn.reasoning } : {}),
    ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
  }
  return {
    id: ids.take('chatcmpl'),
    object: 'chat.completion',
    created: 1_700_000_000,
    model: turn.model ?? requestedModel,
    choices: [{ index: 0, message, finish_reason: finishReasonOf(turn), logprobs: null }],
    ...(turn.usage ? { usage: usageOf(turn) } : {}),
  }
}

export function renderChatCompletionChunks(turn: ScriptedTurn, requestedModel: string, ids: IdSequence, includeUsage: boolean): SseEvent[] {
  const id = ids.take('chatcmpl')
  const model = turn.model ?? requestedModel
  const chunk = (delta: Json, finishReason: string | null = null): SseEvent => ({
    data: {
      id,
      object: 'chat.completion.chunk',
      created: 1_700_000_000,
      model,
      choices: [{ index: 0, delta, finish_reason: finishReason, logprobs: null }],
    },
  })
  const events: SseEvent[] = [chunk({ role: 'assistant', content: '' })]
  if (turn.reasoning !== undefined) events.push(chunk({ reasoning_content: turn.reasoning }))
  for (const content of fragmentsOf(turn.text)) events.push(chunk({ content }))
  ;(turn.toolCalls ?? []).forEach((call, index) => {
    events.push(chunk({ tool_calls: [{ index, id: call.callId, type: 'function', function: { name: call.name, arguments: '' } }] }))
    for (const fragment of fragmentsOf(call.arguments)) {
      events.push(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }))
    }
  })
  events.push(chunk({}, finishReasonOf(turn)))
  if (includeUsage && turn.usage) {
    events.push({ data: { id, object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: usageOf(turn) } })
  }
  events.push({ data: '[DONE]' })
  return events
}
