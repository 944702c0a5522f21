/**
 * Renders a ScriptedTurn as the Responses API does: a `response` object, or the SSE event
 * sequence (`response.created` … `response.completed`) with sequence numbers, the way the
 * `openai` package's stream parser reads it.
 */
import { finishReasonOf, fragmentsOf, joinFragments, type IdSequence, type ScriptedTurn, type SseEvent } from './scripted-replies'

type Json = Record<string, unknown>

interface RenderedItems {
  responseId: string
  model: string
  reasoning?: { item: Json; fragments: string[] }
  message?: { item: Json; fragments: string[] }
  calls: Array<{ item: Json; fragments: string[] }>
}

function renderItems(turn: ScriptedTurn, requestedModel: string, ids: IdSequence): RenderedItems {
  const rendered: RenderedItems = { responseId: ids.take('resp'), model: turn.model ?? requestedModel, calls: [] }
  if (turn.reasoning !== undefined) {
    rendered.reasoning = {
      item: { type: 'reasoning', id: ids.take('rs'), summary: [{ type: 'summary_text', text: turn.reasoning }] },
      fragments: [turn.reasoning],
    }
  }
  if (turn.text !== undefined) {
    rendered.message = {
      item: {
        type: 'message',
        id: ids.take('msg'),
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: joinFragments(turn.text), annotations: [] }],
      },
      fragments: fragmentsOf(turn.text),
    }
  }
  for (const call of turn.toolCalls ?? []) {
    rendered.calls.push({
      item: {
        type: 'function_call',
        id: ids.take('fc'),
        call_id: call.callId,
        name: call.name,
        arguments: joinFragments(call.arguments),
        status: 'completed',
      },
      fragments: fragmentsOf(call.arguments),
    })
  }
  return rendered
}

function outputOf(items: RenderedItems): Json[] {
  return [items.reasoning?.item, items.message?.item, ...items.calls.map((call) => call.item)].filter((item): item is Json => item !== undefined)
}

/** What the request asked the service to keep: echoed in the response object as the service does. */
export interface KeptConversation {
  store: boolean
  previous_response_id: unknown
}

const NOT_KEPT: KeptConversation = { store: false, previous_response_id: null }

function responseObject(turn: ScriptedTurn, items: RenderedItems, status: string, output: Json[], kept: KeptConversation): Json {
  const finish = finishReasonOf(turn)
  const incomplete = status === 'incomplete'
  return {
    id: items.responseId,
    object: 'response',
    created_at: 1_700_000_000,
    status,
    model: items.model,
    output,
    error: null,
    incomplete_details: incomplete ? { reason: finish === 'content_filter' ? 'content_filter' : 'max_output_tokens' } : null,
    instructions: null,
    metadata: {},
    store: kept.store,
    previous_response_id: kept.previous_response_id,
    parallel_tool_calls: true,
    temperature: null,
    top_p: null,
    tool_choice: 'auto',
    tools: [],
    text: { format: { type: 'text' } },
    usage:
      status === 'in_progress' || !turn.usage
        ? null
        : {
            input_tokens: turn.usage.inputTokens,
            input_tokens_details: { cached_tokens: 0 },
            output_tokens: turn.usage.outputTokens,
            output_tokens_details: { reasoning_tokens: 0 },
            total_tokens: turn.usage.inputTokens + turn.usage.outputTokens,
          },
  }
}

function finalStatus(turn: ScriptedTurn): 'completed' | 'incomplete' {
  const finish = finishReasonOf(turn)
  return finish === 'length' || finish === 'content_filter' ? 'incomplete' : 'completed'
}

export function renderResponsesJson(turn: ScriptedTurn, requestedModel: string, ids: IdSequence, kept = NOT_KEPT): Json {
  const items = renderItems(turn, requestedModel, ids)
  return responseObject(turn, items, finalStatus(turn), outputOf(items), kept)
}

export function renderResponsesEvents(turn: ScriptedTurn, requestedModel: string, ids: IdSequence, kept = NOT_KEPT): SseEvent[] {
  const items = renderItems(turn, requestedModel, ids)
  const events: SseEvent[] = []
  const emit = (type: string, payload: Json) => events.push({ event: type, data: { type, sequence_number: events.length, ...payload } })

  emit('response.created', { response: responseObject(turn, items, 'in_progress', [], kept) })
  emit('response.in_progress', { response: responseObject(turn, items, 'in_progress', [], kept) })
  let outputIndex = 0
  if (items.reasoning) {
    const { item, fragments } = items.reasoning
    const index = outputIndex++
    emit('response.output_item.added', { output_index: index, item: { ...item, summary: [] } })
    for (const delta of fragments) {
      emit('response.reasoning_summary_text.delta', { item_id: item.id, output_index: index, summary_index: 0, delta })
    }
    emit('response.output_item.done', { output_index: index, item })
  }
  if (items.message) {
    const { item, fragments } = items.message
    const index = outputIndex++
    const emptyPart = { type: 'output_text', text: '', annotations: [] }
    emit('response.output_item.added', { output_index: index, item: { ...item, status: 'in_progress', content: [] } })
    emit('response.content_part.added', { item_id: item.id, output_index: index, content_index: 0, part: emptyPart })
    for (const delta of fragments) {
      emit('response.output_text.delta', { item_id: item.id, output_index: index, content_index: 0, delta, logprobs: [] })
    }
    const fullText = fragments.join('')
    emit('response.output_text.done', { item_id: item.id, output_index: index, content_index: 0, text: fullText, logprobs: [] })
    emit('response.content_part.done', {
      item_id: item.id,
      output_index: index,
      content_index: 0,
      part: { ...emptyPart, text: fullText },
    })
    emit('response.output_item.done', { output_index: index, item })
  }
  for (const { item, fragments } of items.calls) {
    const index = outputIndex++
    emit('response.output_item.added', { output_index: index, item: { ...item, arguments: '', status: 'in_progress' } })
    for (const delta of fragments) {
      emit('response.function_call_arguments.delta', { item_id: item.id, output_index: index, delta })
    }
    emit('response.function_call_arguments.done', { item_id: item.id, output_index: index, arguments: item.arguments })
    emit('response.output_item.done', { output_index: index, item })
  }
  const status = finalStatus(turn)
  emit(`response.${status}`, { response: responseObject(turn, items, status, outputOf(items), kept) })
  return events
}
