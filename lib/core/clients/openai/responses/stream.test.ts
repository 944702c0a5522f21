import type { ResponseStreamEvent } from 'openai/resources/responses/responses'
import { describe, expect, it } from 'vitest'
import { ChatClientResponseException } from '../../../errors'
import type { ChatResponseUpdate } from '../../../types'
import { ToolNameMap } from '../tool-names'
import { ResponsesStreamTranslator } from './stream'

// Events are cast: the tests give only the fields the translator reads.
const event = (value: Record<string, unknown>) => value as unknown as ResponseStreamEvent

function run(events: Array<Record<string, unknown>>, names = new ToolNameMap()) {
  const translator = new ResponsesStreamTranslator(names, 'OpenAIChatClient')
  const updates = events.map((e) => translator.translate(event(e))).filter((u): u is ChatResponseUpdate => u !== undefined)
  return { translator, updates }
}

function thrownBy(action: () => unknown): unknown {
  try {
    action()
  } catch (error) {
    return error
  }
  throw new Error('expected the action to throw')
}

const created = { type: 'response.created', response: { id: 'resp_1', model: 'gpt-x', output: [] } }

describe('ResponsesStreamTranslator', () => {
  it('passes text deltas on and tags them with the response and item ids', () => {
    const { updates } = run([created, { type: 'response.output_text.delta', item_id: 'msg_1', delta: 'Hi' }])
    expect(updates).toEqual([{ role: 'assistant', contents: [{ type: 'text', text: 'Hi' }], responseId: 'resp_1', modelId: 'gpt-x', messageId: 'msg_1' }])
  })

  it('assembles argument deltas and emits each call once, with its local name', () => {
    const { updates, translator } = run(
      [
        created,
        { type: 'response.output_item.added', item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'files_search', arguments: '' } },
        { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '{"q":' },
        { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '"x"}' },
        { type: 'response.output_item.done', item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'files_search', arguments: '' } },
        {
          type: 'response.completed',
          response: {
            id: 'resp_1',
            model: 'gpt-x',
            status: 'completed',
            output: [{ type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'files_search', arguments: '{"q":"x"}' }],
            usage: { input_tokens: 5, output_tokens: 2, total_tokens: 7 },
          },
        },
      ],
      new ToolNameMap(['files.search']),
    )
    const calls = updates.flatMap((u) => u.contents).filter((c) => c.type === 'function_call')
    expect(calls).toEqual([{ type: 'function_call', callId: 'call_1', name: 'files.search', arguments: '{"q":"x"}' }])
    expect(updates.at(-1)).toMatchObject({
      finishReason: 'tool_calls',
      contents: [{ type: 'usage', details: { inputTokenCount: 5, outputTokenCount: 2, totalTokenCount: 7 } }],
    })
    expect(translator.finished).toBe(true)
  })

  it('emits calls at completion when the server never finished their items', () => {
    const { updates } = run([
      created,
      { type: 'response.output_item.added', item: { type: 'function_call', id: 'fc_9', call_id: 'call_9', name: 'add', arguments: '' } },
      { type: 'response.function_call_arguments.delta', item_id: 'fc_9', delta: '{}' },
      { type: 'response.completed', response: { id: 'resp_1', status: 'completed', output: [] } },
    ])
    expect(updates.at(-1)).toMatchObject({
      finishReason: 'tool_calls',
      contents: [{ type: 'function_call', callId: 'call_9', name: 'add', arguments: '{}' }],
    })
  })

  it('reports an incomplete response as cut off by length', () => {
    const { updates } = run([
      created,
      { type: 'response.incomplete', response: { id: 'resp_1', status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: [] } },
    ])
    expect(updates.at(-1)?.finishReason).toBe('length')
  })

  it('turns failed responses and error events into ChatClientResponseException', () => {
    expect(() =>
      run([created, { type: 'response.failed', response: { id: 'resp_1', status: 'failed', error: { code: 'server_error', message: 'boom' } } }]),
    ).toThrow(ChatClientResponseException)
    const error = thrownBy(() => run([{ type: 'error', code: 'rate_limit_exceeded', message: 'slow down' }]))
    expect(error).toBeInstanceOf(ChatClientResponseException)
    expect(error).toMatchObject({ errorCode: 'rate_limit_exceeded', message: expect.stringContaining('slow down') })
  })
})
