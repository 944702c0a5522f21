import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Message, silentLogger } from '@/lib/core'
import { conversationForwardingSettingsSchema } from '@/lib/contracts/workflows'
import { RunConversationForwarder, forwardRunConversation } from './conversation-forwarding'
import { startRecordingHttpServer, type RecordingHttpServer } from '../testing/recording-http-server'

let server: RecordingHttpServer
/** Another origin (another port): where a workflow might point its forwarding. */
let elsewhere: RecordingHttpServer
beforeAll(async () => {
  server = await startRecordingHttpServer()
  elsewhere = await startRecordingHttpServer()
})
afterAll(async () => {
  await server?.close()
  await elsewhere?.close()
})
beforeEach(() => {
  for (const s of [server, elsewhere]) {
    s.requests.length = 0
    Object.assign(s.reply, { status: 200, body: '{}', hang: false })
  }
})

function warnings(): { warn: (m: string) => void; debug: () => void; lines: string[] } {
  const lines: string[] = []
  return { warn: (m) => lines.push(m), debug: () => {}, lines }
}

const settings = (overrides: Record<string, unknown> = {}) =>
  conversationForwardingSettingsSchema.parse({ enabled: true, endpoint: `${server.url}/chat-message`, ...overrides })

describe('conversationForwardingSettingsSchema', () => {
  it('defaults to off and rejects bad values', () => {
    expect(conversationForwardingSettingsSchema.parse({})).toEqual({ enabled: false, timeoutMs: 10_000 })
    expect(conversationForwardingSettingsSchema.safeParse({ enabled: true, endpoint: 'nope' }).success).toBe(false)
    expect(conversationForwardingSettingsSchema.safeParse({ timeoutMs: 0 }).success).toBe(false)
  })
})

describe('forwardRunConversation', () => {
  it('does nothing when off or without an endpoint', async () => {
    const turn = { runId: 'run-1', conversation: [new Message({ role: 'user', text: 'hi' })] }
    expect(await forwardRunConversation(turn, settings({ enabled: false }))).toBeUndefined()
    expect(await forwardRunConversation(turn, settings({ endpoint: undefined }), { logger: silentLogger })).toBeUndefined()
    expect(server.requests).toHaveLength(0)
  })

  it('sends the run id as the conversation, the last user text and the turn message id', async () => {
    const conversation = [
      new Message({ role: 'user', text: 'first question', messageId: 'u1' }),
      new Message({ role: 'assistant', text: 'answer', messageId: 'a1' }),
      new Message({ role: 'user', text: 'second question', messageId: 'u2' }),
      new Message({ role: 'assistant', text: 'second answer', messageId: 'a2' }),
    ]
    const result = await forwardRunConversation({ runId: 'run-1', conversation }, settings({ endpoint: undefined }), {
      defaultEndpoint: `${server.url}/default`,
      headers: { Authorization: 'Bearer server-side' },
    })
    expect(result).toEqual({ succeeded: true, errors: [] })
    const [request] = server.requests
    expect(request.path).toBe('/default')
    expect(request.headers.authorization).toBe('Bearer server-side')
    expect(request.body).toMatchObject({ conversationId: 'run-1', messageId: 'a2', userMessage: 'second question' })
    expect((request.body as { chatHistory: unknown[] }).chatHistory).toHaveLength(4)
  })
})

describe('the server’s credentials', () => {
  const turn = { runId: 'run-c', conversation: [new Message({ role: 'user', text: 'hi' })] }
  const fromEnv = () => ({ defaultEndpoint: `${server.url}/agents/chat-message?tenant=a`, headers: { Authorization: 'Bearer env-token-5e1b' } })

  it('go to an endpoint the workflow names on the default endpoint’s origin', async () => {
    const result = await forwardRunConversation(turn, settings({ endpoint: `${server.url}/other/path` }), fromEnv())
    expect(result).toEqual({ succeeded: true, errors: [] })
    expect(server.requests[0]).toMatchObject({ path: '/other/path', headers: { authorization: 'Bearer env-token-5e1b' } })
  })

  it('never go to an endpoint on another origin: it gets the conversation without them, and the log says so', async () => {
    const logger = warnings()
    const endpoint = `${elsewhere.url}/collect?key=workflow-secret-99`
    const result = await forwardRunConversation(turn, settings({ endpoint }), { ...fromEnv(), logger })
    expect(result).toEqual({ succeeded: true, errors: [] })
    expect(elsewhere.requests).toHaveLength(1)
    expect(elsewhere.requests[0].headers.authorization).toBeUndefined()
    expect(JSON.stringify(elsewhere.requests[0])).not.toContain('env-token-5e1b')
    expect(server.requests).toHaveLength(0)
    expect(logger.lines).toEqual([
      `Conversation forwarding goes to ${elsewhere.url}/collect, which is not on the configured threat-protection origin; it is sent without the server's credentials.`,
    ])
  })

  it('never go anywhere when no default endpoint is configured to say whose they are', async () => {
    const result = await forwardRunConversation(turn, settings(), { headers: fromEnv().headers, logger: silentLogger })
    expect(result).toEqual({ succeeded: true, errors: [] })
    expect(server.requests[0].headers.authorization).toBeUndefined()
  })
})

describe('RunConversationForwarder', () => {
  it('forwards the conversation so far after every agent turn, and ignores other events', async () => {
    const forwarder = new RunConversationForwarder('run-7', 'Plan a trip to Lisbon', settings())
    expect(await forwarder.onWorkflowEvent({ type: 'superstep_started', iteration: 1 })).toBeUndefined()
    expect(await forwarder.onWorkflowEvent({ type: 'agent_response', executorId: 'planner', text: 'Day 1: Alfama.' })).toEqual({ succeeded: true, errors: [] })
    await forwarder.onWorkflowEvent({ type: 'output', executorId: 'planner', data: 'x' })
    await forwarder.onWorkflowEvent({ type: 'agent_response', executorId: 'critic', text: 'Add Sintra.' })
    expect(server.requests).toHaveLength(2)
    const bodies = server.requests.map(
      (r) => r.body as { conversationId: string; userMessage: string; messageId: string; chatHistory: Array<{ role: string; content: string; id: string }> },
    )
    expect(bodies.map((b) => b.chatHistory.map((m) => `${m.role}: ${m.content}`))).toEqual([
      ['user: Plan a trip to Lisbon', 'assistant: Day 1: Alfama.'],
      ['user: Plan a trip to Lisbon', 'assistant: Day 1: Alfama.', 'assistant: Add Sintra.'],
    ])
    expect(bodies.every((b) => b.conversationId === 'run-7' && b.userMessage === 'Plan a trip to Lisbon')).toBe(true)
    expect(bodies[1].messageId).toBe(bodies[1].chatHistory[2].id)
    expect(forwarder.results).toHaveLength(2)
  })

  it('keeps going when the endpoint fails, collecting the failures', async () => {
    Object.assign(server.reply, { status: 500, body: 'boom' })
    const forwarder = new RunConversationForwarder('run-8', { question: 'structured input' }, settings(), { logger: silentLogger })
    const result = await forwarder.onWorkflowEvent({ type: 'agent_response', executorId: 'a', text: 'ok' })
    expect(result).toEqual({ succeeded: false, errors: [{ code: 'http_error', status: 500, message: 'HTTP 500 Internal Server Error' }] })
    expect((server.requests[0].body as { userMessage: string }).userMessage).toBe('{"question":"structured input"}')
  })

  it('stays silent when the workflow has forwarding off', async () => {
    const forwarder = new RunConversationForwarder('run-9', 'x', conversationForwardingSettingsSchema.parse({}))
    expect(forwarder.enabled).toBe(false)
    expect(await forwarder.onWorkflowEvent({ type: 'agent_response', executorId: 'a', text: 'ok' })).toBeUndefined()
    expect(server.requests).toHaveLength(0)
  })
})
