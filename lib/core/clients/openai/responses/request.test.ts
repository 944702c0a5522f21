import { describe, expect, it } from 'vitest'
import { FunctionTool } from '../../../tools/function-tool'
import { Message } from '../../../types'
import { buildResponsesRequest } from './request'

const search = new FunctionTool({
  name: 'files.search',
  description: 'Search files',
  inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  execute: () => [],
})

const conversation = [
  new Message({ role: 'system', text: 'Be brief.' }),
  new Message({
    role: 'user',
    contents: ['What is in this picture?', { type: 'uri', uri: 'https://example.test/cat.png', mediaType: 'image/png' }],
  }),
  new Message({
    role: 'assistant',
    contents: [
      'Let me look.',
      { type: 'function_call', callId: 'call_1', name: 'files.search', arguments: { query: 'cat' } },
      { type: 'function_call', callId: 'call_2', name: 'files.search', arguments: '{"query":"dog"}' },
    ],
  }),
  new Message({
    role: 'tool',
    contents: [
      { type: 'function_result', callId: 'call_1', result: ['cat.png'] },
      { type: 'function_result', callId: 'call_2', result: 'none' },
    ],
  }),
  new Message({ role: 'assistant', contents: [{ type: 'reasoning', text: 'private' }, 'A cat.'] }),
]

describe('buildResponsesRequest', () => {
  it('turns the conversation into input items, keeping content order and tool call ids', () => {
    const { body } = buildResponsesRequest(conversation, { tools: [search] }, 'gpt-test')
    expect(body.model).toBe('gpt-test')
    expect(body.input).toEqual([
      { type: 'message', role: 'system', content: 'Be brief.' },
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'What is in this picture?' },
          { type: 'input_image', image_url: 'https://example.test/cat.png', detail: 'auto' },
        ],
      },
      { type: 'message', role: 'assistant', content: 'Let me look.' },
      { type: 'function_call', call_id: 'call_1', name: 'files_search', arguments: '{"query":"cat"}' },
      { type: 'function_call', call_id: 'call_2', name: 'files_search', arguments: '{"query":"dog"}' },
      { type: 'function_call_output', call_id: 'call_1', output: '["cat.png"]' },
      { type: 'function_call_output', call_id: 'call_2', output: 'none' },
      { type: 'message', role: 'assistant', content: 'A cat.' },
    ])
  })

  it('maps options to Responses parameters', () => {
    const { body, toolNames } = buildResponsesRequest(
      [new Message({ role: 'user', text: 'hi' })],
      {
        model: 'gpt-override',
        instructions: 'You are terse.',
        temperature: 0.2,
        topP: 0.9,
        maxTokens: 64,
        tools: [search],
        toolChoice: { mode: 'required', requiredFunctionName: 'files.search' },
        responseFormat: { type: 'object', title: 'Answer', properties: { ok: { type: 'boolean' } } },
        additional: { store: false, reasoning: { effort: 'low' } },
      },
      'gpt-default',
    )
    expect(body).toMatchObject({
      model: 'gpt-override',
      instructions: 'You are terse.',
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 64,
      tools: [
        {
          type: 'function',
          name: 'files_search',
          description: 'Search files',
          parameters: search.inputSchema,
          strict: false,
        },
      ],
      tool_choice: { type: 'function', name: 'files_search' },
      text: { format: { type: 'json_schema', name: 'Answer', schema: { title: 'Answer' } } },
      store: false,
      reasoning: { effort: 'low' },
    })
    expect(toolNames.toLocal('files_search')).toBe('files.search')
  })

  it('leaves out what the Responses API cannot take', () => {
    const { body } = buildResponsesRequest(
      [new Message({ role: 'user', text: 'hi' })],
      {
        stop: ['END'],
        toolChoice: 'required',
      },
      'gpt-default',
    )
    expect(body).not.toHaveProperty('stop')
    // tool_choice without tools would be rejected by the API
    expect(body).not.toHaveProperty('tool_choice')
    expect(body).not.toHaveProperty('tools')
  })
})

describe('a conversation kept by the service', () => {
  it('asks to store and continues the given response', () => {
    const { body } = buildResponsesRequest([new Message({ role: 'user', text: 'next' })], { store: true, conversationId: 'resp_7' }, 'gpt-test')
    expect(body).toMatchObject({ store: true, previous_response_id: 'resp_7', input: [{ role: 'user', content: [{ type: 'input_text', text: 'next' }] }] })
  })

  it('sends neither without the options', () => {
    const { body } = buildResponsesRequest([new Message({ role: 'user', text: 'hi' })], {}, 'gpt-test')
    expect(body).not.toHaveProperty('store')
    expect(body).not.toHaveProperty('previous_response_id')
  })
})
