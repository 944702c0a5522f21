import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { ScriptedChatClient, modelResponse } from '../testing'
import { Message } from '../types'
import { AgentSession } from './agent-session'
import { ContextProvider, type ContextProviderRunArgs } from './context-provider'
import { InMemoryHistoryProvider } from './in-memory-history-provider'
import type { HistoryProviderOptions } from './history-provider'

class Facts extends ContextProvider {
  override beforeRun({ context }: ContextProviderRunArgs) {
    context.extendMessages(this.sourceId, [new Message({ role: 'system', text: `fact from ${this.sourceId}` })])
  }
}

async function storedAfterOneRun(options: HistoryProviderOptions, extra: ContextProvider[] = []) {
  const history = new InMemoryHistoryProvider(options)
  const agent = new Agent({ client: new ScriptedChatClient([modelResponse('answer')]), contextProviders: [history, ...extra] })
  const session = new AgentSession()
  await agent.run('question', { session })
  return (await history.getMessages(session.sessionId, { state: session.stateFor(history.sourceId) })).map((m) => m.text)
}

describe('HistoryProvider flags', () => {
  it('stores inputs and outputs by default, not other providers context', async () => {
    expect(await storedAfterOneRun({}, [new Facts('facts')])).toEqual(['question', 'answer'])
  })

  it('can skip inputs or outputs', async () => {
    expect(await storedAfterOneRun({ storeInputs: false })).toEqual(['answer'])
    expect(await storedAfterOneRun({ storeOutputs: false })).toEqual(['question'])
  })

  it('can store context messages of other providers, first, optionally only from some sources', async () => {
    expect(await storedAfterOneRun({ storeContextMessages: true }, [new Facts('a'), new Facts('b')])).toEqual([
      'fact from a',
      'fact from b',
      'question',
      'answer',
    ])
    expect(await storedAfterOneRun({ storeContextMessages: true, storeContextFrom: ['b'] }, [new Facts('a'), new Facts('b')])).toEqual([
      'fact from b',
      'question',
      'answer',
    ])
  })

  it('can leave stored messages out of the conversation (loadMessages false)', async () => {
    const history = new InMemoryHistoryProvider({ loadMessages: false })
    const client = new ScriptedChatClient([modelResponse('a'), modelResponse('b')])
    const agent = new Agent({ client, contextProviders: [history] })
    const session = new AgentSession()
    await agent.run('one', { session })
    await agent.run('two', { session })
    expect(client.lastCall!.messages.map((m) => m.text)).toEqual(['two'])
    expect((session.toJSON().state.in_memory as { messages: unknown[] }).messages).toHaveLength(4)
  })

  it('uses its source id as the state key', async () => {
    const history = new InMemoryHistoryProvider({ sourceId: 'chat_log' })
    expect(history.sourceId).toBe('chat_log')
    expect(new InMemoryHistoryProvider().sourceId).toBe('in_memory')
  })
})
