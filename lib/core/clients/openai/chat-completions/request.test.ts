import { describe, expect, it } from 'vitest'
import { FunctionTool } from '../../../tools/function-tool'
import { Message } from '../../../types'
import { buildChatCompletionsRequest } from './request'

const add = new FunctionTool({
  name: 'math.add',
  description: 'Add two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  execute: () => 0,
})

describe('buildChatCompletionsRequest', () => {
  it('turns the conversation into chat messages with tool calls and one tool message per result', () => {
    const { body } = buildChatCompletionsRequest(
      [
        new Message({ role: 'user', text: 'Add 2 and 3, and 4 and 5', authorName: 'ada' }),
        new Message({
          role: 'assistant',
          contents: [
            { type: 'function_call', callId: 'call_a', name: 'math.add', arguments: { a: 2, b: 3 } },
            { type: 'function_call', callId: 'call_b', name: 'math.add', arguments: '{"a":4,"b":5}' },
          ],
        }),
        new Message({
          role: 'tool',
          contents: [
            { type: 'function_result', callId: 'call_a', result: 5 },
            { type: 'function_result', callId: 'call_b', result: 9 },
          ],
        }),
        new Message({ role: 'assistant', text: '5 and 9.' }),
      ],
      { instructions: 'Use tools.', tools: [add] },
      'gpt-test',
    )
    expect(body.messages).toEqual([
      { role: 'system', content: 'Use tools.' },
      { role: 'user', content: 'Add 2 and 3, and 4 and 5', name: 'ada' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_a', type: 'function', function: { name: 'math_add', arguments: '{"a":2,"b":3}' } },
          { id: 'call_b', type: 'function', function: { name: 'math_add', arguments: '{"a":4,"b":5}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_a', content: '5' },
      { role: 'tool', tool_call_id: 'call_b', content: '9' },
      { role: 'assistant', content: '5 and 9.' },
    ])
  })

  it('sends images as content parts', () => {
    const { body } = buildChatCompletionsRequest(
      [new Message({ role: 'user', contents: ['Look', { type: 'data', uri: 'data:image/png;base64,AAAA', mediaType: 'image/png' }] })],
      {},
      'gpt-test',
    )
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
        ],
      },
    ])
  })

  it('maps options to Chat Completions parameters', () => {
    const { body } = buildChatCompletionsRequest(
      [new Message({ role: 'user', text: 'hi' })],
      {
        temperature: 0,
        topP: 0.5,
        maxTokens: 100,
        stop: ['END', 'STOP'],
        tools: [add],
        toolChoice: { mode: 'required', requiredFunctionName: 'math.add' },
        responseFormat: { type: 'json_schema', json_schema: { name: 'sum', schema: { type: 'object' }, strict: true } },
        additional: { seed: 7 },
      },
      'gpt-test',
    )
    expect(body).toMatchObject({
      model: 'gpt-test',
      temperature: 0,
      top_p: 0.5,
      max_completion_tokens: 100,
      stop: ['END', 'STOP'],
      tools: [{ type: 'function', function: { name: 'math_add', description: 'Add two numbers', parameters: add.inputSchema } }],
      tool_choice: { type: 'function', function: { name: 'math_add' } },
      response_format: { type: 'json_schema', json_schema: { name: 'sum', schema: { type: 'object' }, strict: true } },
      seed: 7,
    })
  })

  it('can send max_tokens for servers that only know the older name', () => {
    const { body } = buildChatCompletionsRequest([new Message({ role: 'user', text: 'hi' })], { maxTokens: 5 }, 'm', 'max_tokens')
    expect(body.max_tokens).toBe(5)
    expect(body).not.toHaveProperty('max_completion_tokens')
  })
})
