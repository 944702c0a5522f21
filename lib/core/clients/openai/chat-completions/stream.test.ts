import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import { describe, expect, it } from 'vitest'
import type { ChatResponseUpdate } from '../../../types'
import { ToolNameMap } from '../tool-names'
import { ChatCompletionsStreamTranslator } from './stream'

function chunk(delta: Record<string, unknown>, finishReason: string | null = null, extra: Record<string, unknown> = {}) {
  return {
    id: 'chatcmpl_1',
    model: 'gpt-x',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  } as unknown as ChatCompletionChunk
}

function translateAll(translator: ChatCompletionsStreamTranslator, chunks: ChatCompletionChunk[]): ChatResponseUpdate[] {
  return chunks.map((c) => translator.translate(c)).filter((u): u is ChatResponseUpdate => u !== undefined)
}

describe('ChatCompletionsStreamTranslator', () => {
  it('passes text on and skips empty chunks', () => {
    const updates = translateAll(new ChatCompletionsStreamTranslator(new ToolNameMap()), [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: 'Hel' }),
      chunk({ content: 'lo' }),
      chunk({}, 'stop'),
    ])
    expect(updates.map((u) => u.contents)).toEqual([[{ type: 'text', text: 'Hel' }], [{ type: 'text', text: 'lo' }], []])
    expect(updates.at(-1)?.finishReason).toBe('stop')
  })

  it('assembles parallel tool calls from fragments, in index order, with local names', () => {
    const updates = translateAll(new ChatCompletionsStreamTranslator(new ToolNameMap(['math.add'])), [
      chunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'math_add', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'math_add', arguments: '{"a":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"a":1}' } }] }),
      chunk({ tool_calls: [{ index: 1, function: { arguments: '2}' } }] }),
      chunk({}, 'tool_calls'),
      { id: 'chatcmpl_1', model: 'gpt-x', choices: [], usage: { prompt_tokens: 4, completion_tokens: 6, total_tokens: 10 } } as unknown as ChatCompletionChunk,
    ])
    expect(updates).toHaveLength(2)
    expect(updates[0]).toMatchObject({
      finishReason: 'tool_calls',
      contents: [
        { type: 'function_call', callId: 'call_a', name: 'math.add', arguments: '{"a":1}' },
        { type: 'function_call', callId: 'call_b', name: 'math.add', arguments: '{"a":2}' },
      ],
    })
    expect(updates[1].contents).toEqual([{ type: 'usage', details: { inputTokenCount: 4, outputTokenCount: 6, totalTokenCount: 10 } }])
  })

  it('flushes calls of a stream that ended without a finish reason, inventing missing call ids', () => {
    const translator = new ChatCompletionsStreamTranslator(new ToolNameMap())
    translateAll(translator, [chunk({ tool_calls: [{ index: 0, function: { name: 'ping', arguments: '{}' } }] })])
    expect(translator.flush()).toEqual({
      role: 'assistant',
      finishReason: 'tool_calls',
      contents: [{ type: 'function_call', callId: 'call_0_chatcmpl_1', name: 'ping', arguments: '{}' }],
    })
    expect(translator.flush()).toBeUndefined()
  })

  it('passes reasoning from compatible servers on as reasoning content', () => {
    const updates = translateAll(new ChatCompletionsStreamTranslator(new ToolNameMap()), [chunk({ reasoning_content: 'thinking' })])
    expect(updates[0].contents).toEqual([{ type: 'reasoning', text: 'thinking' }])
  })
})
