import { describe, expect, it } from 'vitest'
import { AgentConfigurationError } from '../errors'
import { Agent } from '../agents'
import { ScriptedChatClient, modelResponse } from '../testing'
import { Message, functionCallContent, functionResultContent } from '../types'
import { AgentSession } from './agent-session'
import { applyHistoryWindow, estimateTokens } from './history-window'
import { InMemoryHistoryProvider } from './in-memory-history-provider'

const say = (role: 'user' | 'assistant', text: string) => new Message({ role, text })
const texts = (messages: Message[]) => messages.map((m) => m.text || m.role)

describe('applyHistoryWindow', () => {
  const talk = [say('user', 'one'), say('assistant', 'two'), say('user', 'three'), say('assistant', 'four')]

  it('keeps everything without a window', () => {
    expect(texts(applyHistoryWindow(talk, undefined))).toEqual(['one', 'two', 'three', 'four'])
    expect(texts(applyHistoryWindow(talk, {}))).toEqual(['one', 'two', 'three', 'four'])
  })

  it('keeps the last N messages, oldest first', () => {
    expect(texts(applyHistoryWindow(talk, { maxMessages: 2 }))).toEqual(['three', 'four'])
    expect(applyHistoryWindow(talk, { maxMessages: 0 })).toEqual([])
  })

  it('keeps the most recent messages within a token budget, and always the newest', () => {
    const long = say('user', 'x'.repeat(400))
    const budget = estimateTokens(talk[2]) + estimateTokens(talk[3])
    expect(texts(applyHistoryWindow([long, ...talk.slice(2)], { maxTokens: budget }))).toEqual(['three', 'four'])
    expect(applyHistoryWindow([talk[0], long], { maxTokens: 1 })).toEqual([long])
  })

  it('never starts with a tool result whose call was cut off', () => {
    const call = new Message({ role: 'assistant', contents: [functionCallContent('c1', 'add', { a: 1 })] })
    const result = new Message({ role: 'tool', contents: [functionResultContent('c1', 2)] })
    const window = applyHistoryWindow([say('user', 'add'), call, result, say('assistant', 'It is 2.')], { maxMessages: 2 })
    expect(texts(window)).toEqual(['It is 2.'])
  })
})

describe('a history provider with a window', () => {
  it('sends only the window to the model and stores every message', async () => {
    const history = new InMemoryHistoryProvider({ window: { maxMessages: 2 } })
    const client = new ScriptedChatClient([modelResponse('a1'), modelResponse('a2'), modelResponse('a3')])
    const agent = new Agent({ client, contextProviders: [history] })
    const session = new AgentSession()
    for (const question of ['q1', 'q2', 'q3']) await agent.run(question, { session })
    expect(texts(client.lastCall!.messages)).toEqual(['q2', 'a2', 'q3'])
    const stored = await history.getMessages(session.sessionId, { state: session.stateFor(history.sourceId) })
    expect(texts(stored)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3'])
  })

  it('refuses a window that means nothing', () => {
    expect(() => new InMemoryHistoryProvider({ window: { maxMessages: -1 } })).toThrow(AgentConfigurationError)
    expect(() => new InMemoryHistoryProvider({ window: { maxTokens: 1.5 } })).toThrow(/whole number of 0 or more/)
  })
})
