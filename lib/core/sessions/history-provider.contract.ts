/**
 * The behaviour every HistoryProvider must show, as a reusable vitest suite. Run it against a provider
 * from a test file:
 *
 *   historyProviderContract('FileHistoryProvider', async () => {
 *     const dir = await mkdtemp(join(tmpdir(), 'history-'))
 *     return { provider: new FileHistoryProvider(dir), cleanup: () => rm(dir, { recursive: true, force: true }) }
 *   })
 *
 * `makeProvider` is called for every test and may return the provider itself or `{ provider, cleanup }`.
 * Only for tests: it imports vitest.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { ScriptedChatClient, functionCall, modelFunctionCalls, modelResponse } from '../testing/scripted-chat-client'
import { tool } from '../tools/tool'
import {
  Message,
  errorContent,
  functionApprovalRequest,
  functionCallContent,
  functionResultContent,
  reasoningContent,
  textContent,
  toFunctionApprovalResponse,
  usageContent,
} from '../types'
import { AgentSession } from './agent-session'
import type { HistoryProvider } from './history-provider'

export interface HistoryProviderHarness {
  provider: HistoryProvider
  cleanup?: () => Promise<void> | void
}

type MaybePromise<T> = T | Promise<T>

export function historyProviderContract(name: string, makeProvider: () => MaybePromise<HistoryProvider | HistoryProviderHarness>): void {
  describe(`HistoryProvider contract: ${name}`, () => {
    const cleanups: Array<() => Promise<void> | void> = []

    afterEach(async () => {
      while (cleanups.length > 0) await cleanups.pop()!()
    })

    async function setup() {
      const made = await makeProvider()
      const harness: HistoryProviderHarness = 'provider' in made ? made : { provider: made }
      if (harness.cleanup) cleanups.push(harness.cleanup)
      const sessions = new Map<string | undefined, AgentSession>()
      const sessionFor = (id: string | undefined) => {
        let session = sessions.get(id)
        if (!session) sessions.set(id, (session = new AgentSession({ sessionId: id })))
        return session
      }
      const provider = harness.provider
      const access = (id: string | undefined) => ({ state: sessionFor(id).stateFor(provider.sourceId) })
      return {
        provider,
        load: (id: string | undefined) => provider.getMessages(id, access(id)),
        save: (id: string | undefined, messages: Message[]) => provider.saveMessages(id, messages, access(id)),
      }
    }

    const text = (role: Message['role'], value: string) => new Message({ role, text: value })

    it('has no messages for a session it has never seen', async () => {
      const { load } = await setup()
      expect(await load('never-seen')).toEqual([])
    })

    it('returns saved messages in order as Message instances, with every field and content kind intact', async () => {
      const { load, save } = await setup()
      const call = functionCallContent('call-1', 'lookup', '{"q":"x"}')
      const messages = [
        new Message({ role: 'system', text: 'You are terse.' }),
        new Message({
          role: 'user',
          contents: [textContent('hi'), { type: 'uri', uri: 'https://e.x/a.png', mediaType: 'image/png' }],
          authorName: 'ann',
          messageId: 'u1',
        }),
        new Message({
          role: 'assistant',
          contents: [reasoningContent('think'), call, functionApprovalRequest(call)],
          additionalProperties: { model: 'demo', nested: { a: [1, 2] } },
        }),
        new Message({ role: 'user', contents: [toFunctionApprovalResponse(functionApprovalRequest(call), true)] }),
        new Message({
          role: 'tool',
          contents: [functionResultContent('call-1', { rows: [1, 2] }), functionResultContent('c2', 'Error: Function failed.', 'boom')],
        }),
        new Message({
          role: 'assistant',
          contents: [
            textContent('done'),
            usageContent({ inputTokenCount: 3 }),
            errorContent('warn', 'W1'),
            { type: 'data', uri: 'data:text/plain;base64,aGk=', mediaType: 'text/plain' },
          ],
        }),
      ]
      await save('full', messages)
      const loaded = await load('full')
      expect(loaded).toHaveLength(messages.length)
      for (const message of loaded) expect(message).toBeInstanceOf(Message)
      expect(loaded.map((m) => m.toJSON())).toEqual(messages.map((m) => m.toJSON()))
      expect(loaded[5].text).toBe('done')
    })

    it('appends across saves, keeping order', async () => {
      const { load, save } = await setup()
      await save('s', [text('user', 'one'), text('assistant', 'two')])
      await save('s', [text('user', 'three')])
      await save('s', [])
      await save('s', [text('assistant', 'four')])
      expect((await load('s')).map((m) => m.text)).toEqual(['one', 'two', 'three', 'four'])
    })

    it('keeps sessions apart, including ids with unsafe or look-alike characters', async () => {
      const { load, save } = await setup()
      const ids = ['plain', 'a/b', 'a_b', 'a?b', '../escape', 'escape', '~session-x', 'ünïcødé', ' spaced ', 'CON', '.hidden']
      for (const id of ids) await save(id, [text('user', `for ${id}`)])
      for (const id of ids) expect((await load(id)).map((m) => m.text)).toEqual([`for ${id}`])
    })

    it('treats a missing session id as one default session', async () => {
      const { load, save } = await setup()
      await save(undefined, [text('user', 'anonymous')])
      expect((await load(undefined)).map((m) => m.text)).toEqual(['anonymous'])
      expect(await load('someone-else')).toEqual([])
    })

    it('does not hand out its own storage: changing a loaded list changes nothing stored', async () => {
      const { load, save } = await setup()
      await save('iso', [text('user', 'kept')])
      const loaded = await load('iso')
      loaded.push(text('user', 'not stored'))
      expect((await load('iso')).map((m) => m.text)).toEqual(['kept'])
    })

    it('keeps every message of concurrent saves to one session, each batch in order', async () => {
      const { load, save } = await setup()
      await Promise.all(Array.from({ length: 10 }, (_, batch) => save('busy', [text('user', `b${batch}-1`), text('assistant', `b${batch}-2`)])))
      const texts = (await load('busy')).map((m) => m.text)
      expect(texts).toHaveLength(20)
      for (let batch = 0; batch < 10; batch++) expect(texts.indexOf(`b${batch}-2`)).toBe(texts.indexOf(`b${batch}-1`) + 1)
    })

    it('round-trips a long conversation and unusual text', async () => {
      const { load, save } = await setup()
      const odd = 'line one\nline "two"\t\u0000 emoji 🧵 \u2028 end'
      const messages = Array.from({ length: 300 }, (_, i) => text(i % 2 ? 'assistant' : 'user', `${i}: ${odd}`))
      await save('long', messages)
      const loaded = await load('long')
      expect(loaded.map((m) => m.text)).toEqual(messages.map((m) => m.text))
    })

    it('serves as an agent history: inputs and outputs are stored and the next run sees them', async () => {
      const { provider } = await setup()
      const echo = tool({ name: 'echo', execute: () => 'echoed' })
      const client = new ScriptedChatClient([modelFunctionCalls(functionCall('echo', {}, 'e1')), modelResponse('first answer'), modelResponse('second answer')])
      const agent = new Agent({ client, tools: [echo], contextProviders: [provider] })
      const session = new AgentSession({ sessionId: 'agent-run' })
      await agent.run('first question', { session })
      await agent.run('second question', { session })
      expect(client.lastCall!.messages.map((m) => `${m.role}:${m.text}`)).toEqual([
        'user:first question',
        'assistant:',
        'tool:',
        'assistant:first answer',
        'user:second question',
      ])
      const stored = await provider.getMessages('agent-run', { state: session.stateFor(provider.sourceId) })
      expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'user', 'assistant'])
    })
  })
}
