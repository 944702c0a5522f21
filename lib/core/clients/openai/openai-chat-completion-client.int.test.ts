/**
 * OpenAIChatCompletionClient driven through the real `openai` package against the loopback
 * server (Chat Completions JSON and `data:` chunk streams ending in `[DONE]`).
 */
import { describe, expect, it } from 'vitest'
import { AbortError, ChatClientResponseException } from '../../errors'
import { FunctionTool } from '../../tools/function-tool'
import { Message, type ChatResponseUpdate } from '../../types'
import { chatResponseFromUpdates } from '../response-updates'
import { OpenAIChatCompletionClient } from './openai-chat-completion-client'
import type { LoopbackOpenAIServer } from './testing'
import { useLoopbackOpenAIServer } from './testing/use-loopback-server'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const client = (options: ConstructorParameters<typeof OpenAIChatCompletionClient>[0] = {}) =>
  new OpenAIChatCompletionClient({ apiKey: 'test-key', baseURL: server.baseURL, model: 'gpt-test', env: {}, ...options })

const user = (text: string) => [new Message({ role: 'user', text })]

const lookup = new FunctionTool({
  name: 'kb.lookup',
  description: 'Look a term up',
  inputSchema: { type: 'object', properties: { term: { type: 'string' } }, required: ['term'] },
  execute: ({ term }: { term: string }) => `definition of ${term}`,
})

async function collect(updates: AsyncIterable<ChatResponseUpdate>): Promise<ChatResponseUpdate[]> {
  const all: ChatResponseUpdate[] = []
  for await (const update of updates) all.push(update)
  return all
}

async function requestsReceived(count: number): Promise<void> {
  while (server.requests.length < count) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('OpenAIChatCompletionClient (Chat Completions) over HTTP', () => {
  it('returns text, finish reason and usage', async () => {
    server.enqueue({ text: 'Hi back', usage: { inputTokens: 7, outputTokens: 2 } })
    const response = await client().getResponse(user('Hi'))
    expect(response.text).toBe('Hi back')
    expect(response.finishReason).toBe('stop')
    expect(response.modelId).toBe('gpt-test')
    expect(response.usage).toMatchObject({ inputTokenCount: 7, outputTokenCount: 2, totalTokenCount: 9 })
    const [request] = server.requests
    expect(request.path).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe('Bearer test-key')
    expect(request.body).toMatchObject({ model: 'gpt-test', messages: [{ role: 'user', content: 'Hi' }] })
  })

  it('streams text chunks and asks for usage in the stream', async () => {
    server.enqueue({ text: ['One', ', two', ', three'], usage: { inputTokens: 4, outputTokens: 5 } })
    const updates = await collect(client().getStreamingResponse(user('Count')))
    const texts = updates
      .flatMap((u) => u.contents)
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
    expect(texts).toEqual(['One', ', two', ', three'])
    expect(server.requests[0].body).toMatchObject({ stream: true, stream_options: { include_usage: true } })
    const assembled = chatResponseFromUpdates(updates)
    expect(assembled.text).toBe('One, two, three')
    expect(assembled.usage).toMatchObject({ inputTokenCount: 4, outputTokenCount: 5, totalTokenCount: 9 })
    expect(assembled.finishReason).toBe('stop')
  })

  it('returns parallel tool calls under their local names', async () => {
    server.enqueue({
      toolCalls: [
        { callId: 'call_1', name: 'kb_lookup', arguments: '{"term":"agent"}' },
        { callId: 'call_2', name: 'kb_lookup', arguments: '{"term":"loom"}' },
      ],
    })
    const response = await client().getResponse(user('Define both'), { tools: [lookup] })
    expect(response.finishReason).toBe('tool_calls')
    expect(response.messages[0].contents).toEqual([
      { type: 'function_call', callId: 'call_1', name: 'kb.lookup', arguments: '{"term":"agent"}' },
      { type: 'function_call', callId: 'call_2', name: 'kb.lookup', arguments: '{"term":"loom"}' },
    ])
    expect(server.requests[0].body.tools).toEqual([
      { type: 'function', function: { name: 'kb_lookup', description: 'Look a term up', parameters: lookup.inputSchema } },
    ])
  })

  it('assembles streamed tool-call argument fragments into complete calls', async () => {
    server.enqueue({
      toolCalls: [
        { callId: 'call_a', name: 'kb_lookup', arguments: ['{"te', 'rm":"a', 'gent"}'] },
        { callId: 'call_b', name: 'kb_lookup', arguments: ['{"term":', '"loom"}'] },
      ],
      usage: { inputTokens: 10, outputTokens: 8 },
    })
    const updates = await collect(client().getStreamingResponse(user('Define both'), { tools: [lookup] }))
    const calls = updates.flatMap((u) => u.contents).filter((c) => c.type === 'function_call')
    expect(calls).toEqual([
      { type: 'function_call', callId: 'call_a', name: 'kb.lookup', arguments: '{"term":"agent"}' },
      { type: 'function_call', callId: 'call_b', name: 'kb.lookup', arguments: '{"term":"loom"}' },
    ])
    const assembled = chatResponseFromUpdates(updates)
    expect(assembled.finishReason).toBe('tool_calls')
    expect(assembled.usage?.totalTokenCount).toBe(18)
  })

  it('sends tool calls and results back as assistant tool_calls and tool messages', async () => {
    server.enqueue({ text: 'An agent is…' })
    await client().getResponse(
      [
        new Message({ role: 'user', text: 'Define agent' }),
        new Message({ role: 'assistant', contents: [{ type: 'function_call', callId: 'call_1', name: 'kb.lookup', arguments: { term: 'agent' } }] }),
        new Message({ role: 'tool', contents: [{ type: 'function_result', callId: 'call_1', result: { text: 'a doer' } }] }),
      ],
      { tools: [lookup], instructions: 'Cite the tool.' },
    )
    expect(server.requests[0].body.messages).toEqual([
      { role: 'system', content: 'Cite the tool.' },
      { role: 'user', content: 'Define agent' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'kb_lookup', arguments: '{"term":"agent"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"text":"a doer"}' },
    ])
  })

  it('maps request options onto the Chat Completions body', async () => {
    server.enqueue({ text: '{}' })
    await client().getResponse(user('JSON please'), {
      temperature: 0.3,
      topP: 0.7,
      maxTokens: 40,
      stop: ['\n\n'],
      tools: [lookup],
      toolChoice: { mode: 'required', requiredFunctionName: 'kb.lookup' },
      responseFormat: { type: 'json_object' },
    })
    expect(server.requests[0].body).toMatchObject({
      temperature: 0.3,
      top_p: 0.7,
      max_completion_tokens: 40,
      stop: ['\n\n'],
      tool_choice: { type: 'function', function: { name: 'kb_lookup' } },
      response_format: { type: 'json_object' },
    })
  })

  it('lets the package retry a 429 and then succeeds', async () => {
    server.enqueueErrors(429, 1).enqueue({ text: 'ok' })
    expect((await client({ maxRetries: 2 }).getResponse(user('Hi'))).text).toBe('ok')
    expect(server.requests).toHaveLength(2)
  })

  it('reports a 500 that outlasts the retries as ChatClientResponseException with the status', async () => {
    server.enqueueErrors(500, 3, { message: 'gateway melted' })
    const error = await client({ maxRetries: 2 })
      .getResponse(user('Hi'))
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ChatClientResponseException)
    expect(error).toMatchObject({ status: 500, message: expect.stringContaining('gateway melted') })
    expect(server.requests).toHaveLength(3)
  })

  it('does not retry a streamed request that is refused with 401', async () => {
    server.enqueueErrors(401, 1, { message: 'bad key', code: 'invalid_api_key' })
    const error = await collect(client().getStreamingResponse(user('Hi'))).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 401, errorCode: 'invalid_api_key' })
    expect(server.requests).toHaveLength(1)
  })

  it('cancels a waiting request when the signal aborts', async () => {
    server.enqueue({ text: 'never', stallAfterEvents: 0 })
    const controller = new AbortController()
    const pending = client()
      .getResponse(user('Hi'), { signal: controller.signal })
      .catch((e: unknown) => e)
    await requestsReceived(1)
    controller.abort()
    expect(await pending).toBeInstanceOf(AbortError)
  })

  it('cancels a stream part-way when the signal aborts', async () => {
    // role chunk, first text chunk — then silence
    server.enqueue({ text: ['first', 'second'], stallAfterEvents: 2 })
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

  it('can send max_tokens for servers that only know the older name', async () => {
    server.enqueue({ text: 'ok' })
    await client({ maxTokensParameter: 'max_tokens' }).getResponse(user('Hi'), { maxTokens: 9 })
    expect(server.requests[0].body.max_tokens).toBe(9)
    expect(server.requests[0].body).not.toHaveProperty('max_completion_tokens')
  })
})

describe('OpenAIChatCompletionClient with Azure OpenAI', () => {
  it('routes to the deployment with the api-version and api-key header', async () => {
    server.enqueue({ text: 'from azure' })
    const azureClient = new OpenAIChatCompletionClient({
      env: {},
      azure: { endpoint: server.origin, deployment: 'chat-deployment', apiVersion: '2024-10-21', apiKey: 'azure-key' },
    })
    expect((await azureClient.getResponse(user('Hi'))).text).toBe('from azure')
    const [request] = server.requests
    expect(request.path).toBe('/openai/deployments/chat-deployment/chat/completions')
    expect(request.query['api-version']).toBe('2024-10-21')
    expect(request.headers['api-key']).toBe('azure-key')
    expect(request.headers.authorization).toBeUndefined()
  })
})
