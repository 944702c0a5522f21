/**
 * The native clients get the base class's chat middleware and gen_ai spans like the OpenAI ones:
 * provider name, request model and settings, response id and model, finish reason and token usage,
 * streamed or not, against their providers' wire formats.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { chatMiddleware } from '../middleware'
import { startInMemoryTracing, type InMemoryTracing } from '../testing/in-memory-tracing'
import { Message } from '../types'
import { AnthropicChatClient } from './anthropic/anthropic-chat-client'
import { anthropicReply } from './anthropic/testing/anthropic-wire'
import type { BaseChatClient } from './base-chat-client'
import { GeminiChatClient } from './gemini/gemini-chat-client'
import { geminiReply } from './gemini/testing/gemini-wire'
import type { ScriptedAnswer } from './testing/scripted-http-server'
import { ScriptedHttpServer } from './testing/scripted-http-server'

let server: ScriptedHttpServer
let tracing: InMemoryTracing
beforeAll(async () => {
  server = await ScriptedHttpServer.start()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  tracing = startInMemoryTracing()
  server.requests.length = 0
})
afterEach(async () => {
  await tracing.stop()
})

const seen: string[] = []
const middleware = [
  chatMiddleware(async (context, next) => {
    seen.push(`${context.isStreaming ? 'stream' : 'call'}:${context.messages.length}`)
    await next()
  }),
]

const providers: Array<{ provider: string; make: () => BaseChatClient; reply: (text: string[]) => ScriptedAnswer; responseModel: string }> = [
  {
    provider: 'anthropic',
    make: () => new AnthropicChatClient({ apiKey: 'k', baseURL: server.origin, model: 'model-test', env: {}, maxRetries: 0, middleware }),
    reply: (text) => anthropicReply({ text, stopReason: 'max_tokens', usage: { input_tokens: 11, output_tokens: 4 } }),
    responseModel: 'model-test',
  },
  {
    provider: 'gcp.gemini',
    make: () => new GeminiChatClient({ apiKey: 'k', baseURL: server.origin, model: 'model-test', env: {}, maxAttempts: 1, middleware }),
    reply: (text) => geminiReply({ text, finishReason: 'MAX_TOKENS', usage: { promptTokenCount: 11, candidatesTokenCount: 4 } }),
    responseModel: 'model-test',
  },
]

describe.each(providers)('$provider client telemetry and middleware', ({ provider, make, reply, responseModel }) => {
  it.each([false, true])('reports a chat span (streaming: %s) and runs the chat middleware', async (streaming) => {
    seen.length = 0
    server.enqueue(reply(['Hel', 'lo']))
    const client = make()
    const messages = [new Message({ role: 'user', text: 'Hi' })]
    if (streaming) {
      for await (const update of client.getStreamingResponse(messages, { temperature: 0.5, maxTokens: 4 })) void update
    } else {
      await client.getResponse(messages, { temperature: 0.5, maxTokens: 4 })
    }
    expect(seen).toEqual([`${streaming ? 'stream' : 'call'}:1`])
    const span = tracing.span('chat model-test')
    expect(span.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': provider,
      'gen_ai.request.model': 'model-test',
      'gen_ai.request.temperature': 0.5,
      'gen_ai.request.max_tokens': 4,
      'gen_ai.response.model': responseModel,
      'gen_ai.response.finish_reasons': ['length'],
      'gen_ai.usage.input_tokens': 11,
      'gen_ai.usage.output_tokens': 4,
    })
  })
})
