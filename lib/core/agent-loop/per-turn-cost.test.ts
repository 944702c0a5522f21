/**
 * The loop must not re-process the conversation every turn. Without timing anything, these tests
 * count how often the framework touches earlier messages and check that the model receives one
 * growing array (no per-turn copies): the per-turn work then cannot depend on the history length.
 */
import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import type { ChatClient, ChatRequestOptions } from '../clients/chat-client'
import { AgentSession } from '../sessions/agent-session'
import { tool } from '../tools/tool'
import { ChatResponse, Message, functionCallContent, textContent, type ChatResponseUpdate } from '../types'

/** Calls `step` for `turns` turns, then answers; looks only at the conversation's length. */
class LoopingClient implements ChatClient {
  readonly arrays: Message[][] = []
  constructor(private readonly turns: number) {}

  private answer(messages: Message[]): Message {
    this.arrays.push(messages)
    const turn = this.arrays.length
    return turn <= this.turns
      ? new Message({ role: 'assistant', contents: [functionCallContent(`c${turn}`, 'step', '{}')] })
      : new Message({ role: 'assistant', text: `finished after ${messages.length} messages` })
  }

  async getResponse(messages: Message[], _options?: ChatRequestOptions): Promise<ChatResponse> {
    return new ChatResponse({ messages: [this.answer(messages)] })
  }

  async *getStreamingResponse(messages: Message[]): AsyncGenerator<ChatResponseUpdate> {
    const message = this.answer(messages)
    yield { role: 'assistant', contents: message.contents }
  }
}

/** History messages that count every read of their fields. */
function countedHistory(size: number) {
  let reads = 0
  const messages = Array.from({ length: size }, (_, i) => {
    const message = new Message({ role: i % 2 ? 'assistant' : 'user', contents: [textContent(`old ${i}`)] })
    for (const key of ['role', 'contents', 'authorName', 'messageId', 'additionalProperties'] as const) {
      let value = message[key]
      Object.defineProperty(message, key, {
        get: () => (reads++, value),
        set: (next) => (value = next),
        enumerable: true,
      })
    }
    return message
  })
  return { messages, reads: () => reads }
}

const step = tool({ name: 'step', execute: () => 'ok' })

async function historyReadsFor(turns: number, streaming: boolean) {
  const history = countedHistory(200)
  const session = new AgentSession()
  session.stateFor('in_memory').messages = [...history.messages]
  const client = new LoopingClient(turns)
  const agent = new Agent({ client, tools: [step], functionInvocation: { maxIterations: 1000 } })
  const before = history.reads()
  if (streaming) for await (const update of agent.runStream('go', { session })) void update
  else await agent.run('go', { session })
  return { reads: history.reads() - before, client }
}

describe('per-turn cost does not grow with the history', () => {
  it('counts reads (instrumentation check)', () => {
    const probe = countedHistory(1)
    void probe.messages[0].text
    expect(probe.reads()).toBe(1)
  })

  it.each([false, true])('touches earlier messages no more at 100 turns than at 10 (streaming: %s)', async (streaming) => {
    const ten = await historyReadsFor(10, streaming)
    const hundred = await historyReadsFor(100, streaming)
    expect(hundred.reads).toBe(ten.reads)
    expect(hundred.client.arrays).toHaveLength(101)
  })

  it('hands the model one growing conversation array instead of a copy per turn', async () => {
    const { client } = await historyReadsFor(50, false)
    expect(new Set(client.arrays).size).toBe(1)
    expect(client.arrays[0]).toHaveLength(200 + 1 + 50 * 2 + 1)
  })
})
