/**
 * GeminiChatClient against a loopback server speaking the Gemini API's wire format
 * (`generateContent` JSON and `streamGenerateContent?alt=sse`), driven through the official
 * `@google/genai` package with its base URL pointing at it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { ChatClientResponseException, StructuredOutputError } from '../../errors'
import { tool } from '../../tools/tool'
import { Message } from '../../types'
import { ScriptedHttpServer } from '../testing/scripted-http-server'
import { GeminiChatClient } from './gemini-chat-client'
import { geminiError, geminiReply } from './testing/gemini-wire'

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

const client = (options: { maxAttempts?: number } = {}) =>
  new GeminiChatClient({ apiKey: 'test-key', baseURL: server.origin, model: 'gemini-test', env: {}, maxAttempts: 1, ...options })

const add = tool({
  name: 'math.add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
})

describe('GeminiChatClient', () => {
  it('sends the system instruction and generation config, and maps the reply, finish reason and usage', async () => {
    server.enqueue(geminiReply({ text: 'Hello!', usage: { promptTokenCount: 12, candidatesTokenCount: 3, cachedContentTokenCount: 4, thoughtsTokenCount: 2 } }))
    const response = await client().getResponse([new Message({ role: 'system', text: 'Be brief.' }), new Message({ role: 'user', text: 'Hi' })], {
      instructions: 'You are kind.',
      temperature: 0.3,
      maxTokens: 100,
    })
    expect(response.text).toBe('Hello!')
    expect(response.finishReason).toBe('stop')
    expect(response.usage).toMatchObject({ inputTokenCount: 12, outputTokenCount: 5, totalTokenCount: 17, cachedInputTokenCount: 4, reasoningTokenCount: 2 })
    const request = server.requests[0]
    expect(request.url).toBe('/v1beta/models/gemini-test:generateContent')
    expect(request.headers['x-goog-api-key']).toBe('test-key')
    expect(request.body).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: 'Hi' }] }],
      systemInstruction: { parts: [{ text: 'You are kind.\n\nBe brief.' }] },
      generationConfig: { temperature: 0.3, maxOutputTokens: 100 },
    })
  })

  it('reports MAX_TOKENS as finish reason length', async () => {
    server.enqueue(geminiReply({ text: 'Once upon a', finishReason: 'MAX_TOKENS' }))
    const response = await client().getResponse([new Message({ role: 'user', text: 'Tell a story' })], { maxTokens: 3 })
    expect(response.finishReason).toBe('length')
  })

  it('runs a tool turn through an Agent: parallel functionCall parts, functionResponse parts, then the answer', async () => {
    server.enqueue(
      geminiReply({
        functionCalls: [
          { id: 'fc_1', name: 'math_add', args: { a: 2, b: 40 }, thoughtSignature: 'sig-1' },
          { name: 'math_add', args: { a: 1, b: 1 } },
        ],
        usage: { promptTokenCount: 30, candidatesTokenCount: 10 },
      }),
      geminiReply({ text: 'The answers are 42 and 2.', usage: { promptTokenCount: 50, candidatesTokenCount: 6 } }),
    )
    const agent = new Agent({ client: client(), instructions: 'Use the tools.', tools: [add] })
    const response = await agent.run('What are 2 + 40 and 1 + 1?')
    expect(response.text).toBe('The answers are 42 and 2.')
    expect(response.usage).toMatchObject({ inputTokenCount: 80, outputTokenCount: 16 })
    const first = server.requests[0].body
    expect(first.tools).toEqual([
      { functionDeclarations: [{ name: 'math_add', description: 'Add two numbers', parametersJsonSchema: expect.objectContaining({ type: 'object' }) }] },
    ])
    const second = server.requests[1].body
    expect(second.contents).toHaveLength(3)
    expect(second.contents[1].role).toBe('model')
    // The thought signature goes back with its call.
    expect(second.contents[1].parts[0]).toEqual({ functionCall: { id: 'fc_1', name: 'math_add', args: { a: 2, b: 40 } }, thoughtSignature: 'sig-1' })
    expect(second.contents[1].parts[1].functionCall).toMatchObject({ name: 'math_add', args: { a: 1, b: 1 } })
    expect(second.contents[2].role).toBe('user')
    expect(second.contents[2].parts.map((part: any) => part.functionResponse)).toEqual([
      { id: 'fc_1', name: 'math_add', response: { output: 42 } },
      expect.objectContaining({ name: 'math_add', response: { output: 2 } }),
    ])
  })

  it('streams over SSE (streamGenerateContent?alt=sse): a tool round trip, text pieces, finish reason and usage once', async () => {
    server.enqueue(geminiReply({ functionCalls: [{ id: 'fc_s', name: 'math_add', args: { a: 1, b: 1 } }] }), geminiReply({ text: ['It is ', '2.'] }))
    const agent = new Agent({ client: client(), tools: [add] })
    let text = ''
    for await (const update of agent.runStream('1 + 1?')) text += update.text
    expect(text).toBe('It is 2.')
    expect(server.requests[0].url).toBe('/v1beta/models/gemini-test:streamGenerateContent?alt=sse')
    expect(server.requests[1].body.contents[2].parts[0].functionResponse).toEqual({ id: 'fc_s', name: 'math_add', response: { output: 2 } })

    server.enqueue(geminiReply({ text: ['a', 'b'], finishReason: 'MAX_TOKENS', usage: { promptTokenCount: 7, candidatesTokenCount: 2 } }))
    const updates = []
    for await (const update of client().getStreamingResponse([new Message({ role: 'user', text: 'x' })])) updates.push(update)
    expect(updates.map((update) => update.contents.map((c) => (c.type === 'text' ? c.text : '')).join('')).join('')).toBe('ab')
    expect(updates.find((update) => update.finishReason)?.finishReason).toBe('length')
    expect(updates.flatMap((update) => update.contents.filter((c) => c.type === 'usage'))).toEqual([
      { type: 'usage', details: { inputTokenCount: 7, outputTokenCount: 2, totalTokenCount: 9 } },
    ])
  })

  it('asks for structured output with responseMimeType and responseJsonSchema, and validates the reply into value', async () => {
    const schema = z.object({ city: z.string(), population: z.number() })
    server.enqueue(geminiReply({ text: '{"city":"Lyon","population":522000}' }))
    const response = await client().getResponse([new Message({ role: 'user', text: 'Lyon?' })], { responseFormat: schema })
    expect(response.value).toEqual({ city: 'Lyon', population: 522000 })
    expect(server.requests[0].body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: expect.objectContaining({ type: 'object' }),
    })

    server.enqueue(geminiReply({ text: '{"city":"Lyon"}' }))
    await expect(client().getResponse([new Message({ role: 'user', text: 'Lyon?' })], { responseFormat: schema })).rejects.toBeInstanceOf(StructuredOutputError)
  })

  it.each([
    [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'],
    [429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted'],
    [503, 'UNAVAILABLE', 'The model is overloaded.'],
  ])('maps an HTTP %i (%s) to ChatClientResponseException with status and error status', async (status, statusName, message) => {
    server.enqueue(geminiError(status, statusName, message))
    const failure = await client()
      .getResponse([new Message({ role: 'user', text: 'Hi' })])
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ChatClientResponseException)
    expect(failure).toMatchObject({ status, errorCode: statusName })
    expect((failure as Error).message).toContain(message)
  })

  it('refuses to start without a key and names GEMINI_API_KEY', () => {
    expect(() => new GeminiChatClient({ env: {} })).toThrow(/GEMINI_API_KEY/)
  })
})
