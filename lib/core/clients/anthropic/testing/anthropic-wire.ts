/**
 * Replies in Anthropic's Messages API wire format (https://docs.anthropic.com/en/api/messages and
 * its streaming events), for a ScriptedHttpServer: a `message` JSON body, or the SSE sequence
 * message_start → content_block_start/delta/stop… → message_delta (stop_reason, usage) → message_stop.
 */
import type { HttpAnswer, ScriptedAnswer } from '../../testing/scripted-http-server'

export interface AnthropicTurn {
  /** Text; several pieces become several text_delta events when streamed. */
  text?: string | string[]
  /** tool_use blocks; `input` as JSON text pieces (input_json_delta events when streamed). */
  toolUses?: Array<{ id: string; name: string; input: string | string[] }>
  stopReason?: 'end_turn' | 'max_tokens' | 'tool_use' | 'stop_sequence' | 'refusal'
  usage?: { input_tokens: number; output_tokens: number; cache_read_input_tokens?: number; cache_creation_input_tokens?: number }
  model?: string
}

let sequence = 0

function pieces(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

function blocksOf(turn: AnthropicTurn) {
  const blocks: Array<Record<string, unknown>> = []
  if (turn.text !== undefined) blocks.push({ type: 'text', text: pieces(turn.text).join('') })
  for (const use of turn.toolUses ?? []) blocks.push({ type: 'tool_use', id: use.id, name: use.name, input: JSON.parse(pieces(use.input).join('')) })
  return blocks
}

function usageOf(turn: AnthropicTurn) {
  return { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: null, cache_read_input_tokens: null, ...turn.usage }
}

/** Answers JSON or SSE as the request's `stream` asks. */
export function anthropicReply(turn: AnthropicTurn): ScriptedAnswer {
  return (request) => (request.body?.stream ? anthropicEvents(turn, request.body.model) : anthropicJson(turn, request.body?.model))
}

function anthropicJson(turn: AnthropicTurn, model: string): HttpAnswer {
  return {
    json: {
      id: `msg_${++sequence}`,
      type: 'message',
      role: 'assistant',
      model: turn.model ?? model,
      content: blocksOf(turn),
      stop_reason: turn.stopReason ?? (turn.toolUses?.length ? 'tool_use' : 'end_turn'),
      stop_sequence: null,
      usage: usageOf(turn),
    },
  }
}

function anthropicEvents(turn: AnthropicTurn, model: string): HttpAnswer {
  const usage = usageOf(turn)
  const events: Array<{ event: string; data: unknown }> = []
  const id = `msg_${++sequence}`
  events.push({
    event: 'message_start',
    data: {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: turn.model ?? model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: 1 },
      },
    },
  })
  events.push({ event: 'ping', data: { type: 'ping' } })
  let index = 0
  if (turn.text !== undefined) {
    events.push({ event: 'content_block_start', data: { type: 'content_block_start', index, content_block: { type: 'text', text: '' } } })
    for (const text of pieces(turn.text))
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'text_delta', text } } })
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } })
    index++
  }
  for (const use of turn.toolUses ?? []) {
    events.push({
      event: 'content_block_start',
      data: { type: 'content_block_start', index, content_block: { type: 'tool_use', id: use.id, name: use.name, input: {} } },
    })
    for (const partial_json of pieces(use.input)) {
      events.push({ event: 'content_block_delta', data: { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json } } })
    }
    events.push({ event: 'content_block_stop', data: { type: 'content_block_stop', index } })
    index++
  }
  events.push({
    event: 'message_delta',
    data: {
      type: 'message_delta',
      delta: { stop_reason: turn.stopReason ?? (turn.toolUses?.length ? 'tool_use' : 'end_turn'), stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    },
  })
  events.push({ event: 'message_stop', data: { type: 'message_stop' } })
  return { sse: events }
}

/** An API error as Anthropic sends it, e.g. (529, 'overloaded_error'). */
export function anthropicError(status: number, type: string, message: string): ScriptedAnswer {
  return () => ({ status, json: { type: 'error', error: { type, message } }, headers: { 'request-id': `req_${++sequence}` } })
}
