/**
 * A conversation the service keeps (Responses `store` + `previous_response_id`), through the real
 * `openai` package against the loopback server: the first call sends everything and asks to store,
 * later calls continue the stored response and send only what is new, the session remembers where
 * the service's conversation stands, and the local history is still written. Chat Completions keeps nothing.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { AgentSession } from '../../sessions/agent-session'
import { InMemoryHistoryProvider } from '../../sessions/in-memory-history-provider'
import { tool } from '../../tools/tool'
import { OpenAIChatClient } from './openai-chat-client'
import { OpenAIChatCompletionClient } from './openai-chat-completion-client'
import type { LoopbackOpenAIServer } from './testing'
import { useLoopbackOpenAIServer } from './testing/use-loopback-server'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const connection = () => ({ apiKey: 'test-key', baseURL: server.baseURL, model: 'gpt-test', env: {} })

const add = tool({
  name: 'add',
  description: 'Add two numbers',
  parameters: z.object({ a: z.number(), b: z.number() }),
  execute: ({ a, b }) => a + b,
})

function keptAgent() {
  const history = new InMemoryHistoryProvider()
  const agent = new Agent({ client: new OpenAIChatClient(connection()), tools: [add], contextProviders: [history], defaultOptions: { store: true } })
  return { agent, history }
}

const inputTexts = (body: any): string[] =>
  (body.input as any[]).map((item) => (typeof item.content === 'string' ? item.content : (item.content?.[0]?.text ?? item.type)))

describe('a conversation kept by the Responses service', () => {
  it.each([false, true])('continues the stored response and sends only the new message (streaming: %s)', async (streaming) => {
    const { agent, history } = keptAgent()
    const session = new AgentSession()
    server.enqueue({ text: 'Hello.' }, { text: 'Again.' })
    const run = (text: string) => (streaming ? agent.runStream(text, { session }).getFinalResponse() : agent.run(text, { session }))

    await run('hi')
    const [first] = server.bodiesFor('responses')
    expect(first.store).toBe(true)
    expect(first.previous_response_id).toBeUndefined()
    expect(session.serviceSessionId).toMatch(/^resp_/)
    const kept = session.serviceSessionId

    await run('once more')
    const second = server.bodiesFor('responses')[1]
    expect(second.previous_response_id).toBe(kept)
    expect(inputTexts(second)).toEqual(['once more'])
    expect(session.serviceSessionId).not.toBe(kept)
    // The local history is still whole.
    const stored = await history.getMessages(session.sessionId, { state: session.stateFor(history.sourceId) })
    expect(stored.map((message) => message.text)).toEqual(['hi', 'Hello.', 'once more', 'Again.'])
  })

  it('sends only the tool results after a call the service kept', async () => {
    const { agent } = keptAgent()
    const session = new AgentSession()
    server.enqueue({ toolCalls: [{ callId: 'call_1', name: 'add', arguments: '{"a":2,"b":40}' }] }, { text: '42.' })

    const response = await agent.run('2 + 40?', { session })

    expect(response.text).toBe('42.')
    const [first, second] = server.bodiesFor('responses')
    expect(first.previous_response_id).toBeUndefined()
    expect(second.previous_response_id).toMatch(/^resp_/)
    expect(second.input).toEqual([{ type: 'function_call_output', call_id: 'call_1', output: '42' }])
  })

  it('is refused by the service for a response it does not keep', async () => {
    const agent = new Agent({ client: new OpenAIChatClient({ ...connection(), maxRetries: 0 }) })
    await expect(agent.run('hi', { session: new AgentSession({ serviceSessionId: 'resp_unknown' }) })).rejects.toThrow(/400/)
    expect(server.bodiesFor('responses')).toMatchObject([{ previous_response_id: 'resp_unknown', input: [{ role: 'user' }] }])
  })

  it('is ignored by Chat Completions, which is sent the whole history', async () => {
    const history = new InMemoryHistoryProvider()
    const agent = new Agent({ client: new OpenAIChatCompletionClient(connection()), contextProviders: [history], defaultOptions: { store: true } })
    const session = new AgentSession()
    server.enqueue({ text: 'Hello.' }, { text: 'Again.' })

    await agent.run('hi', { session })
    await agent.run('once more', { session })

    const [, second] = server.bodiesFor('chat_completions')
    expect(second.previous_response_id).toBeUndefined()
    expect(second.messages.map((message: any) => message.content)).toEqual(['hi', 'Hello.', 'once more'])
    expect(session.serviceSessionId).toBeUndefined()
  })
})
