/**
 * OpenAIChatClient driven through the real `openai` package against the loopback server:
 * every request really goes over HTTP, through the package's retries and SSE parser.
 */
import { describe, expect, it } from 'vitest'
import { AbortError, ChatClientException, ChatClientResponseException } from '../../errors'
import { FunctionTool } from '../../tools/function-tool'
import { Message, type ChatResponseUpdate } from '../../types'
import { chatResponseFromUpdates } from '../response-updates'
import { OpenAIChatClient } from './openai-chat-client'
import type { LoopbackOpenAIServer } from './testing'
import { useLoopbackOpenAIServer } from './testing/use-loopback-server'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const client = (options: ConstructorParameters<typeof OpenAIChatClient>[0] = {}) =>
  new OpenAIChatClient({ apiKey: 'test-key', baseURL: server.baseURL, model: 'gpt-test', env: {}, ...options })

const user = (text: string) => [new Message({ role: 'user', text })]

const add = new FunctionTool({
  name: 'math.add',
  description: 'Add two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
  execute: ({ a, b }: { a: number; b: number }) => a + b,
})

async function collect(updates: AsyncIterable<ChatResponseUpdate>): Promise<ChatResponseUpdate[]> {
  const all: ChatResponseUpdate[] = []
  for await (const update of updates) all.push(update)
  return all
}

/** Waits (bounded by the test timeout) until the server has received `count` requests. */
async function requestsReceived(count: number): Promise<void> {
  while (server.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('OpenAIChatClient (Responses API) over HTTP', () => {
  it('returns text, ids, finish reason and usage', async () => {
    server.enqueue({ text: 'Hello there', usage: { inputTokens: 12, outputTokens: 3 } })
    const response = await client().getResponse(user('Hi'))
    expect(response.text).toBe('Hello there')
    expect(response.messages[0].role).toBe('assistant')
    expect(response.responseId).toMatch(/^resp_\d+$/)
    expect(response.modelId).toBe('gpt-test')
    expect(response.finishReason).toBe('stop')
    expect(response.usage).toMatchObject({ inputTokenCount: 12, outputTokenCount: 3, totalTokenCount: 15 })

    const [request] = server.requests
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/v1/responses')
    expect(request.headers.authorization).toBe('Bearer test-key')
    expect(request.body).toMatchObject({ model: 'gpt-test', stream: false, input: [{ role: 'user', content: [{ type: 'input_text', text: 'Hi' }] }] })
  })

  it('streams text deltas as they arrive and reports usage at the end', async () => {
    server.enqueue({ text: ['Hel', 'lo', ' world'], usage: { inputTokens: 5, outputTokens: 3 } })
    const updates = await collect(client().getStreamingResponse(user('Hi')))
    const texts = updates
      .flatMap((u) => u.contents)
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
    expect(texts).toEqual(['Hel', 'lo', ' world'])
    expect(server.requests[0].body.stream).toBe(true)

    const assembled = chatResponseFromUpdates(updates)
    expect(assembled.text).toBe('Hello world')
    expect(assembled.usage).toMatchObject({ inputTokenCount: 5, outputTokenCount: 3, totalTokenCount: 8 })
    expect(assembled.finishReason).toBe('stop')
  })

  it('returns parallel function calls under their local tool names', async () => {
    server.enqueue({
      toolCalls: [
        { callId: 'call_1', name: 'math_add', arguments: '{"a":2,"b":3}' },
        { callId: 'call_2', name: 'math_add', arguments: '{"a":4,"b":5}' },
      ],
    })
    const response = await client().getResponse(user('Add things'), { tools: [add] })
    expect(response.finishReason).toBe('tool_calls')
    expect(response.messages[0].contents).toEqual([
      { type: 'function_call', callId: 'call_1', name: 'math.add', arguments: '{"a":2,"b":3}' },
      { type: 'function_call', callId: 'call_2', name: 'math.add', arguments: '{"a":4,"b":5}' },
    ])
    expect(server.requests[0].body.tools).toEqual([
      { type: 'function', name: 'math_add', description: 'Add two numbers', parameters: add.inputSchema, strict: false },
    ])
  })

  it('assembles streamed argument deltas into one complete call each', async () => {
    server.enqueue({
      text: 'Working on it. ',
      toolCalls: [
        { callId: 'call_a', name: 'math_add', arguments: ['{"a"', ':2,', '"b":3}'] },
        { callId: 'call_b', name: 'math_add', arguments: ['{"a":1,', '"b":1}'] },
      ],
      usage: { inputTokens: 20, outputTokens: 10 },
    })
    const updates = await collect(client().getStreamingResponse(user('Add'), { tools: [add] }))
    const calls = updates.flatMap((u) => u.contents).filter((c) => c.type === 'function_call')
    expect(calls).toEqual([
      { type: 'function_call', callId: 'call_a', name: 'math.add', arguments: '{"a":2,"b":3}' },
      { type: 'function_call', callId: 'call_b', name: 'math.add', arguments: '{"a":1,"b":1}' },
    ])
    const assembled = chatResponseFromUpdates(updates)
    expect(assembled.finishReason).toBe('tool_calls')
    expect(assembled.text).toBe('Working on it. ')
    expect(assembled.usage?.totalTokenCount).toBe(30)
  })

  it('sends tool calls and their results back as function_call / function_call_output items', async () => {
    server.enqueue({ text: 'The sum is 5.' })
    const conversation = [
      new Message({ role: 'user', text: 'What is 2+3?' }),
      new Message({ role: 'assistant', contents: [{ type: 'function_call', callId: 'call_1', name: 'math.add', arguments: '{"a":2,"b":3}' }] }),
      new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'call_1', result: 5 }] }),
    ]
    const response = await client().getResponse(conversation, { tools: [add] })
    expect(response.text).toBe('The sum is 5.')
    expect(server.requests[0].body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What is 2+3?' }] },
      { type: 'function_call', call_id: 'call_1', name: 'math_add', arguments: '{"a":2,"b":3}' },
      { type: 'function_call_output', call_id: 'call_1', output: '5' },
    ])
  })

  it('maps request options onto the Responses body', async () => {
    server.enqueue({ text: '{"ok":true}' })
    await client().getResponse(user('Answer in JSON'), {
      model: 'gpt-other',
      instructions: 'Be exact.',
      temperature: 0.1,
      topP: 0.8,
      maxTokens: 50,
      tools: [add],
      toolChoice: 'required',
      responseFormat: { type: 'json_schema', json_schema: { name: 'verdict', schema: { type: 'object' }, strict: true } },
      additional: { store: false },
    })
    expect(server.requests[0].body).toMatchObject({
      model: 'gpt-other',
      instructions: 'Be exact.',
      temperature: 0.1,
      top_p: 0.8,
      max_output_tokens: 50,
      tool_choice: 'required',
      text: { format: { type: 'json_schema', name: 'verdict', schema: { type: 'object' }, strict: true } },
      store: false,
    })
  })

  it('lets the package retry 429s and then succeeds', async () => {
    server.enqueueErrors(429, 2, { code: 'rate_limit_exceeded' }).enqueue({ text: 'finally' })
    const response = await client({ maxRetries: 2 }).getResponse(user('Hi'))
    expect(response.text).toBe('finally')
    expect(server.requests).toHaveLength(3)
  })

  it('reports a 500 that outlasts the retries as ChatClientResponseException with the status', async () => {
    server.enqueueErrors(500, 2, { message: 'upstream exploded' })
    const error = await client({ maxRetries: 1 })
      .getResponse(user('Hi'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatClientResponseException)
    expect(error).toBeInstanceOf(ChatClientException)
    expect(error).toMatchObject({ status: 500, message: expect.stringContaining('upstream exploded') })
    expect(server.requests).toHaveLength(2)
  })

  it('does not retry a 400 and keeps the service error code', async () => {
    server.enqueueErrors(400, 1, { message: 'bad schema', code: 'invalid_request_error' })
    const error = await client({ maxRetries: 3 })
      .getResponse(user('Hi'))
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 400, errorCode: 'invalid_request_error', requestId: expect.any(String) })
    expect(server.requests).toHaveLength(1)
  })

  it('cancels a waiting request when the signal aborts', async () => {
    server.enqueue({ text: 'never sent', stallAfterEvents: 0 })
    const controller = new AbortController()
    const pending = client()
      .getResponse(user('Hi'), { signal: controller.signal })
      .catch((e: unknown) => e)
    await requestsReceived(1)
    controller.abort()
    expect(await pending).toBeInstanceOf(AbortError)
  })

  it('cancels a stream part-way when the signal aborts', async () => {
    // created, in_progress, item added, part added, first delta — then silence
    server.enqueue({ text: ['first', 'second'], stallAfterEvents: 5 })
    const controller = new AbortController()
    const seen: string[] = []
    const consume = async () => {
      for await (const update of client().getStreamingResponse(user('Hi'), { signal: controller.signal })) {
        for (const content of update.contents) if (content.type === 'text') seen.push(content.text)
        controller.abort()
      }
    }
    await expect(consume()).rejects.toBeInstanceOf(AbortError)
    expect(seen).toEqual(['first'])
  })

  it('rejects at once when the signal has already fired', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(client().getResponse(user('Hi'), { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    expect(server.requests).toHaveLength(0)
  })

  it('turns an error event in the stream into ChatClientResponseException', async () => {
    server.enqueue({
      type: 'sse',
      events: [{ event: 'error', data: { type: 'error', code: 'server_error', message: 'model overloaded', param: null, sequence_number: 0 } }],
    })
    const error = await collect(client().getStreamingResponse(user('Hi'))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatClientResponseException)
    expect(error).toMatchObject({ errorCode: 'server_error', message: expect.stringContaining('model overloaded') })
  })

  it('reports a stream that ends before the response completed', async () => {
    server.enqueue({
      type: 'sse',
      events: [
        { event: 'response.created', data: { type: 'response.created', sequence_number: 0, response: { id: 'resp_x', model: 'gpt-test', output: [] } } },
        {
          event: 'response.output_text.delta',
          data: { type: 'response.output_text.delta', sequence_number: 1, item_id: 'msg_x', output_index: 0, content_index: 0, delta: 'partial' },
        },
      ],
    })
    const error = await collect(client().getStreamingResponse(user('Hi'))).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatClientException)
    expect((error as Error).message).toMatch(/ended before the response completed/)
  })

  it('keeps reasoning and the answer in one message, streamed or not', async () => {
    const expected = [
      { type: 'reasoning', text: 'Think first.' },
      { type: 'text', text: 'Answer.' },
    ]
    server.enqueue({ reasoning: 'Think first.', text: ['Ans', 'wer.'] }, { reasoning: 'Think first.', text: 'Answer.' })
    const streamed = chatResponseFromUpdates(await collect(client().getStreamingResponse(user('Q'))))
    expect(streamed.messages.map((m) => m.contents)).toEqual([expected])
    const whole = await client().getResponse(user('Q'))
    expect(whole.messages.map((m) => m.contents)).toEqual([expected])
  })

  it('reports a length cut-off as finish reason length', async () => {
    server.enqueue({ text: 'Once upon a', finishReason: 'length' })
    const response = await client().getResponse(user('Tell a story'), { maxTokens: 3 })
    expect(response.finishReason).toBe('length')
    expect(response.text).toBe('Once upon a')
  })
})

describe('OpenAIChatClient with Azure OpenAI', () => {
  it('sends the deployment as model, the api-version and the api-key header', async () => {
    server.enqueue({ text: 'from azure' })
    const azureClient = new OpenAIChatClient({
      env: {},
      azure: { endpoint: `${server.origin}/`, deployment: 'my-deployment', apiVersion: '2025-04-01-preview', apiKey: 'azure-key' },
    })
    const response = await azureClient.getResponse(user('Hi'))
    expect(response.text).toBe('from azure')
    const [request] = server.requests
    expect(request.path).toBe('/openai/responses')
    expect(request.query['api-version']).toBe('2025-04-01-preview')
    expect(request.headers['api-key']).toBe('azure-key')
    expect(request.body.model).toBe('my-deployment')
  })
})
