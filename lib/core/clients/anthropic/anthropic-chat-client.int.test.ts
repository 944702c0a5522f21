/**
 * AnthropicChatClient against a loopback server speaking the Messages API wire format (JSON and SSE),
 * driven through the official `@anthropic-ai/sdk` with its baseURL pointing at it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { AbortError, ChatClientException, ChatClientResponseException, StructuredOutputError } from '../../errors'
import { tool } from '../../tools/tool'
import { Message } from '../../types'
import { ScriptedHttpServer } from '../testing/scripted-http-server'
import { AnthropicChatClient } from './anthropic-chat-client'
import { anthropicError, anthropicReply } from './testing/anthropic-wire'

let server: ScriptedHttpServer
beforeAll(async () => {
  server = await ScriptedHttpServer.start()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  expect(server.pendingAnswers).toBe(0)
  server.requests.length = 0
})

const client = (options: { maxRetries?: number; defaultMaxTokens?: number } = {}) =>
  new AnthropicChatClient({ apiKey: 'test-key', baseURL: server.origin, model: 'claude-test', env: {}, maxRetries: 0, ...options })

const add = tool({
  name: 'math.add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
})

describe('AnthropicChatClient', () => {
  it('sends system instructions, max_tokens and temperature, and maps the reply, stop reason and usage', async () => {
    server.enqueue(
      anthropicReply({ text: 'Hello!', usage: { input_tokens: 12, output_tokens: 3, cache_read_input_tokens: 100, cache_creation_input_tokens: 8 } }),
    )
    const response = await client().getResponse([new Message({ role: 'system', text: 'Be brief.' }), new Message({ role: 'user', text: 'Hi' })], {
      instructions: 'You are kind.',
      temperature: 0.2,
    })
    expect(response.text).toBe('Hello!')
    expect(response.finishReason).toBe('stop')
    expect(response.modelId).toBe('claude-test')
    expect(response.usage).toMatchObject({
      inputTokenCount: 120,
      outputTokenCount: 3,
      totalTokenCount: 123,
      cachedInputTokenCount: 100,
      cacheCreationInputTokenCount: 8,
    })
    const request = server.requests[0]
    expect(request.url).toBe('/v1/messages')
    expect(request.headers['x-api-key'] ?? request.headers.authorization).toMatch(/test-key/)
    expect(request.headers['anthropic-version']).toBeTruthy()
    expect(request.body).toMatchObject({
      model: 'claude-test',
      max_tokens: 4096,
      temperature: 0.2,
      system: 'You are kind.\n\nBe brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
    })
  })

  it('reports max_tokens as finish reason length and sends the call maxTokens', async () => {
    server.enqueue(anthropicReply({ text: 'Once upon a', stopReason: 'max_tokens' }))
    const response = await client().getResponse([new Message({ role: 'user', text: 'Tell a story' })], { maxTokens: 3 })
    expect(response.finishReason).toBe('length')
    expect(server.requests[0].body.max_tokens).toBe(3)
  })

  it('runs a tool turn through an Agent: parallel tool_use calls, tool_result blocks, then the answer', async () => {
    server.enqueue(
      anthropicReply({
        text: 'Let me add.',
        toolUses: [
          { id: 'toolu_1', name: 'math_add', input: '{"a":2,"b":40}' },
          { id: 'toolu_2', name: 'math_add', input: '{"a":1,"b":1}' },
        ],
        usage: { input_tokens: 30, output_tokens: 10 },
      }),
      anthropicReply({ text: 'The answers are 42 and 2.', usage: { input_tokens: 50, output_tokens: 6 } }),
    )
    const agent = new Agent({ client: client(), instructions: 'Use the tools.', tools: [add] })
    const response = await agent.run('What are 2 + 40 and 1 + 1?')
    expect(response.text).toContain('The answers are 42 and 2.')
    expect(response.usage).toMatchObject({ inputTokenCount: 80, outputTokenCount: 16 })
    const first = server.requests[0].body
    expect(first.tools).toEqual([
      { name: 'math_add', description: 'Add two numbers', input_schema: expect.objectContaining({ type: 'object', properties: expect.any(Object) }) },
    ])
    const second = server.requests[1].body
    expect(second.messages).toHaveLength(3)
    expect(second.messages[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Let me add.' },
        { type: 'tool_use', id: 'toolu_1', name: 'math_add', input: { a: 2, b: 40 } },
        { type: 'tool_use', id: 'toolu_2', name: 'math_add', input: { a: 1, b: 1 } },
      ],
    })
    expect(second.messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: '42' },
        { type: 'tool_result', tool_use_id: 'toolu_2', content: '2' },
      ],
    })
  })

  it('streams text deltas and a tool call assembled from input_json_delta fragments, with stop reason and usage', async () => {
    server.enqueue(
      anthropicReply({ toolUses: [{ id: 'toolu_s', name: 'math_add', input: ['{"a":', '1,"b"', ':1}'] }] }),
      anthropicReply({ text: ['It is ', '2.'], usage: { input_tokens: 40, output_tokens: 4 } }),
    )
    const agent = new Agent({ client: client(), tools: [add] })
    let text = ''
    for await (const update of agent.runStream('1 + 1?')) text += update.text
    expect(text).toBe('It is 2.')
    expect(server.requests[0].body.stream).toBe(true)
    expect(server.requests[1].body.messages[2].content).toEqual([{ type: 'tool_result', tool_use_id: 'toolu_s', content: '2' }])

    server.enqueue(anthropicReply({ text: ['a', 'b'], stopReason: 'max_tokens', usage: { input_tokens: 7, output_tokens: 2 } }))
    const updates = []
    for await (const update of client().getStreamingResponse([new Message({ role: 'user', text: 'x' })])) updates.push(update)
    expect(
      updates
        .map((update) =>
          update.contents
            .filter((c) => c.type === 'text')
            .map((c) => (c as { text: string }).text)
            .join(''),
        )
        .join(''),
    ).toBe('ab')
    expect(updates.at(-1)).toMatchObject({ finishReason: 'length', contents: [{ type: 'usage', details: { inputTokenCount: 7, outputTokenCount: 2 } }] })
  })

  it('asks for structured output with output_config.format and validates the reply into value', async () => {
    const schema = z.object({ city: z.string(), population: z.number() })
    server.enqueue(anthropicReply({ text: '{"city":"Lyon","population":522000}' }))
    const response = await client().getResponse([new Message({ role: 'user', text: 'Lyon?' })], { responseFormat: schema })
    expect(response.value).toEqual({ city: 'Lyon', population: 522000 })
    expect(server.requests[0].body.output_config).toEqual({ format: { type: 'json_schema', schema: expect.objectContaining({ type: 'object' }) } })

    server.enqueue(anthropicReply({ text: '{"city":"Lyon"}' }))
    await expect(client().getResponse([new Message({ role: 'user', text: 'Lyon?' })], { responseFormat: schema })).rejects.toBeInstanceOf(StructuredOutputError)
  })

  it.each([
    [401, 'authentication_error', 'invalid x-api-key'],
    [429, 'rate_limit_error', 'Number of requests has exceeded your rate limit'],
    [529, 'overloaded_error', 'Overloaded'],
  ])('maps an HTTP %i (%s) to ChatClientResponseException with status, error type and request id', async (status, type, message) => {
    server.enqueue(anthropicError(status, type, message))
    const failure = await client()
      .getResponse([new Message({ role: 'user', text: 'Hi' })])
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ChatClientResponseException)
    expect(failure).toMatchObject({ status, errorCode: type, requestId: expect.stringMatching(/^req_/) })
    expect((failure as Error).message).toContain('AnthropicChatClient service failed to complete the request')
  })

  it('retries an overloaded answer through the package, then succeeds', async () => {
    server.enqueue(
      () => ({ status: 529, json: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }, headers: { 'retry-after-ms': '1' } }),
      anthropicReply({ text: 'ok' }),
    )
    const response = await client({ maxRetries: 1 }).getResponse([new Message({ role: 'user', text: 'Hi' })])
    expect(response.text).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  it('maps an error event in the middle of a stream (overloaded) to ChatClientResponseException', async () => {
    server.enqueue(() => ({
      sse: [
        {
          event: 'message_start',
          data: {
            type: 'message_start',
            message: {
              id: 'msg_e',
              type: 'message',
              role: 'assistant',
              model: 'claude-test',
              content: [],
              stop_reason: null,
              usage: { input_tokens: 1, output_tokens: 1 },
            },
          },
        },
        { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } },
        { event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Par' } } },
        { event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } },
      ],
    }))
    const texts: string[] = []
    const failure = await (async () => {
      for await (const update of client().getStreamingResponse([new Message({ role: 'user', text: 'Hi' })]))
        texts.push(...update.contents.map((content) => (content.type === 'text' ? content.text : '')))
    })().catch((error: unknown) => error)
    expect(texts.join('')).toBe('Par')
    expect(failure).toBeInstanceOf(ChatClientException)
    expect((failure as Error).message).toContain('Overloaded')
  })

  it('ends with AbortError when the caller aborts', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(client().getResponse([new Message({ role: 'user', text: 'Hi' })], { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
  })

  it('refuses to start without a key and names ANTHROPIC_API_KEY', () => {
    expect(() => new AnthropicChatClient({ env: {} })).toThrow(/ANTHROPIC_API_KEY/)
  })
})
