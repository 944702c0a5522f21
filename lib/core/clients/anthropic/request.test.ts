import { describe, expect, it } from 'vitest'
import { Message } from '../../types'
import { ToolNameMap } from '../openai/tool-names'
import { buildAnthropicRequest, toAnthropicMessages } from './request'

describe('toAnthropicMessages', () => {
  it('merges turns of one role, puts tool results first in the user turn, and keeps images of user turns', () => {
    const names = new ToolNameMap(['files.read'])
    const wire = toAnthropicMessages(
      [
        new Message({ role: 'user', text: 'Read it' }),
        new Message({ role: 'user', contents: [{ type: 'data', uri: 'data:image/png;base64,AAAA', mediaType: 'image/png' }] }),
        new Message({ role: 'assistant', contents: [{ type: 'function_call', callId: 'c1', name: 'files.read', arguments: '{"path":"a"}' }] }),
        new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'c1', result: 'boom', exception: 'Error: boom' }] }),
        new Message({ role: 'user', text: 'And then?' }),
      ],
      names,
    )
    expect(wire).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Read it' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        ],
      },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'c1', name: 'files_read', input: { path: 'a' } }] },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'c1', content: 'boom', is_error: true },
          { type: 'text', text: 'And then?' },
        ],
      },
    ])
  })
})

describe('buildAnthropicRequest', () => {
  it('maps tool choice, stop sequences and a schema-less JSON format, and merges an effort into output_config', () => {
    const tool = { name: 'lookup', description: 'Look up', parameters: () => ({ type: 'object' }) }
    const { body } = buildAnthropicRequest(
      [new Message({ role: 'user', text: 'x' })],
      { tools: [tool as never], toolChoice: { mode: 'required', requiredFunctionName: 'lookup' }, stop: ['END'], responseFormat: { type: 'json_object' } },
      'claude-x',
      1000,
    )
    expect(body).toMatchObject({
      model: 'claude-x',
      max_tokens: 1000,
      stop_sequences: ['END'],
      tool_choice: { type: 'tool', name: 'lookup' },
      tools: [{ name: 'lookup', input_schema: { type: 'object', properties: {} } }],
      system: 'Reply with a single JSON object and nothing else.',
    })
    expect(buildAnthropicRequest([], { toolChoice: 'none', tools: [tool as never] }, 'm', 1).body.tool_choice).toEqual({ type: 'none' })
    const merged = buildAnthropicRequest(
      [],
      { responseFormat: { type: 'json_schema', name: 'r', schema: { type: 'object' } }, additional: { output_config: { effort: 'low' } } },
      'm',
      1,
    )
    expect(merged.body.output_config).toEqual({ effort: 'low', format: { type: 'json_schema', schema: expect.objectContaining({ type: 'object' }) } })
  })
})
