import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Message, functionCallContent, silentLogger } from '@/lib/core'
import { AGENTLOOM_VERSION } from '../agentloom-version'
import { ChatHistoryArgumentError, sendChatHistoryMessages, threatProtectionEndpoint, toChatHistoryMessages } from './chat-history'
import { startRecordingHttpServer, type RecordingHttpServer } from '../testing/recording-http-server'

let server: RecordingHttpServer
let endpoint: string
beforeAll(async () => {
  server = await startRecordingHttpServer()
  endpoint = threatProtectionEndpoint(`${server.url}/`)
})
afterAll(async () => {
  await server?.close()
})
beforeEach(() => {
  server.requests.length = 0
  Object.assign(server.reply, { status: 200, body: '{}', hang: false })
})

const context = { conversationId: 'conv-1', messageId: 'msg-9', userMessage: 'How do I reset my password?' }
const fixedNow = () => new Date('2026-01-02T03:04:05.000Z')
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

function warnings(): { warn: (m: string) => void; debug: () => void; lines: string[] } {
  const lines: string[] = []
  return { warn: (m) => lines.push(m), debug: () => {}, lines }
}

describe('toChatHistoryMessages', () => {
  it('converts messages, skipping those without a role (with a warning) or without text, and fills missing ids', () => {
    const logger = warnings()
    const history = toChatHistoryMessages(
      [
        new Message({ role: 'user', text: 'Hello, how are you?', messageId: 'u1' }),
        new Message({ role: 'assistant', text: "I'm doing well, thank you!" }),
        new Message({ role: 'assistant', text: '   \n\t' }),
        new Message({ role: 'assistant', contents: [functionCallContent('c1', 'lookup', {})] }),
        Object.assign(new Message({ role: 'user', text: 'no role' }), { role: undefined }) as unknown as Message,
      ],
      { logger, now: fixedNow },
    )
    expect(history).toEqual([
      { id: 'u1', role: 'user', content: 'Hello, how are you?', timestamp: '2026-01-02T03:04:05.000Z' },
      { id: expect.stringMatching(UUID), role: 'assistant', content: "I'm doing well, thank you!", timestamp: '2026-01-02T03:04:05.000Z' },
    ])
    expect(logger.lines).toEqual(['Skipping chat message 4: it has no role.'])
  })
})

describe('sendChatHistoryMessages against a loopback server', () => {
  it('posts { conversationId, messageId, userMessage, chatHistory } to the endpoint', async () => {
    const result = await sendChatHistoryMessages(
      [new Message({ role: 'user', text: 'Hello', messageId: 'u1' }), new Message({ role: 'assistant', text: 'Hi!', messageId: 'a1' })],
      context,
      { endpoint, headers: { Authorization: 'Bearer abc' }, now: fixedNow },
    )
    expect(result).toEqual({ succeeded: true, errors: [] })
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/agents/real-time-threat-protection/chat-message')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.authorization).toBe('Bearer abc')
    expect(request.headers['user-agent']).toBe(`Agentloom/${AGENTLOOM_VERSION}`)
    expect(request.body).toEqual({
      ...context,
      chatHistory: [
        { id: 'u1', role: 'user', content: 'Hello', timestamp: '2026-01-02T03:04:05.000Z' },
        { id: 'a1', role: 'assistant', content: 'Hi!', timestamp: '2026-01-02T03:04:05.000Z' },
      ],
    })
  })

  it('succeeds without calling the endpoint when nothing is left to send', async () => {
    expect(await sendChatHistoryMessages([], context, { endpoint })).toEqual({ succeeded: true, errors: [] })
    expect(await sendChatHistoryMessages([new Message({ role: 'user', text: '  ' })], context, { endpoint })).toEqual({ succeeded: true, errors: [] })
    expect(server.requests).toHaveLength(0)
  })

  it('returns a non-2xx answer as a failed result with its status and status text, never its body', async () => {
    // The body of whatever answered (possibly an internal service) must not reach run events.
    Object.assign(server.reply, { status: 503, body: '{"error":"scanner unavailable","internal":"db-password-7f3a"}' })
    const logger = warnings()
    const result = await sendChatHistoryMessages([new Message({ role: 'user', text: 'Hello' })], context, { endpoint, logger })
    expect(result).toEqual({ succeeded: false, errors: [{ code: 'http_error', status: 503, message: 'HTTP 503 Service Unavailable' }] })
    expect(JSON.stringify(result)).not.toContain('db-password')
    expect(logger.lines).toEqual(['Sending chat history failed with HTTP 503.'])
    Object.assign(server.reply, { status: 401, body: '' })
    expect(await sendChatHistoryMessages([new Message({ role: 'user', text: 'Hello' })], context, { endpoint })).toEqual({
      succeeded: false,
      errors: [{ code: 'http_error', status: 401, message: 'HTTP 401 Unauthorized' }],
    })
  })

  it('returns a network failure as a failed result', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const result = await sendChatHistoryMessages([new Message({ role: 'user', text: 'Hello' })], context, {
      endpoint: `http://127.0.0.1:${port}/chat`,
      logger: silentLogger,
    })
    expect(result.succeeded).toBe(false)
    expect(result.errors[0]).toMatchObject({ code: 'network_error', message: expect.stringMatching(/^Could not reach the threat-protection endpoint: /) })
  })

  it('returns a timeout as a failed result', async () => {
    server.reply.hang = true
    const result = await sendChatHistoryMessages([new Message({ role: 'user', text: 'Hello' })], context, { endpoint, timeoutMs: 200, logger: silentLogger })
    expect(result).toEqual({ succeeded: false, errors: [{ code: 'timeout', message: 'The threat-protection endpoint did not answer within 200 ms.' }] })
  })

  it('returns an invalid endpoint as a failed result', async () => {
    expect(await sendChatHistoryMessages([new Message({ role: 'user', text: 'Hello' })], context, { endpoint: 'not a url' })).toEqual({
      succeeded: false,
      errors: [{ code: 'invalid_endpoint', message: "The threat-protection endpoint 'not a url' is not a valid URL." }],
    })
  })

  it('throws for missing arguments (a programming error, not a delivery failure)', async () => {
    await expect(sendChatHistoryMessages(null as never, context, { endpoint })).rejects.toBeInstanceOf(ChatHistoryArgumentError)
    await expect(sendChatHistoryMessages([], null as never, { endpoint })).rejects.toThrow(/needs conversationId, messageId and userMessage/)
    await expect(sendChatHistoryMessages([], { ...context, conversationId: '' }, { endpoint })).rejects.toThrow(/conversationId/)
    await expect(sendChatHistoryMessages([], context, undefined as never)).rejects.toThrow('sendChatHistoryMessages needs options.endpoint.')
  })
})
