/**
 * A streamed agent run as its consumer sees it (Agent.runStream → AgentRunStream → the model turn → the client's
 * stream): updates in order, the final response assembled from them, a consumer that stops early closing the model's
 * stream, a second iteration refused, a failure reaching both the loop and getFinalResponse, and what each chunk costs
 * in promises (counted, not timed: every chunk of every streamed run passes through these layers).
 */
import { createHook } from 'node:async_hooks'
import { describe, expect, it } from 'vitest'
import { Agent } from '../agents'
import { BaseChatClient } from '../clients/base-chat-client'
import type { ChatRequestOptions } from '../clients/chat-client'
import { AbortError, AgentConfigurationError } from '../errors'
import type { ChatResponse, ChatResponseUpdate, Message } from '../types'

/** A model that streams `chunks` words, then fails if told to; notes when its stream was closed. */
class WordStream extends BaseChatClient {
  closed = false
  opened = 0

  constructor(
    private readonly chunks: number,
    private readonly failAfter?: number,
  ) {
    super()
  }

  protected innerGetResponse(): Promise<ChatResponse> {
    throw new Error('streaming only')
  }

  protected async *innerGetStreamingResponse(_messages: Message[], _options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    this.opened++
    try {
      for (let i = 0; i < this.chunks; i++) {
        if (i === this.failAfter) throw new Error('the model went away')
        yield { role: 'assistant', contents: [{ type: 'text', text: `w${i} ` }] }
      }
    } finally {
      this.closed = true
    }
  }
}

const agentOf = (client: WordStream) => new Agent({ client, name: 'Writer' })

describe('a streamed agent run', () => {
  it('hands out the model’s chunks in order and assembles the final response from them', async () => {
    const stream = agentOf(new WordStream(3)).runStream('Write')
    const texts: string[] = []
    for await (const update of stream) texts.push(update.text)
    expect(texts).toEqual(['w0 ', 'w1 ', 'w2 '])
    const response = await stream.getFinalResponse()
    expect(response.text).toBe('w0 w1 w2 ')
    expect(response.messages[0].authorName).toBe('Writer')
  })

  it('reads the whole stream for getFinalResponse when nobody iterated it', async () => {
    const client = new WordStream(2)
    expect((await agentOf(client).runStream('Write').getFinalResponse()).text).toBe('w0 w1 ')
    expect(client.closed).toBe(true)
  })

  it('closes the model’s stream when the consumer stops early, and says so to getFinalResponse', async () => {
    const client = new WordStream(10)
    const stream = agentOf(client).runStream('Write')
    for await (const update of stream) if (update.text === 'w1 ') break
    // The break returned once the run's layers were closed, the model's stream among them.
    expect(client.closed).toBe(true)
    await expect(stream.getFinalResponse()).rejects.toThrow('The agent stream was closed before it finished.')
  })

  it('starts nothing until it is read, and a stream closed before it was read can still be read', async () => {
    const client = new WordStream(2)
    const stream = agentOf(client).runStream('Write')
    await stream[Symbol.asyncIterator]().return?.()
    expect(client.opened).toBe(0)
    expect((await stream.getFinalResponse()).text).toBe('w0 w1 ')
  })

  it('refuses a second iteration and keeps the first', async () => {
    const stream = agentOf(new WordStream(2)).runStream('Write')
    const first = stream[Symbol.asyncIterator]()
    expect((await first.next()).value?.text).toBe('w0 ')
    await expect(stream[Symbol.asyncIterator]().next()).rejects.toBeInstanceOf(AgentConfigurationError)
    expect((await first.next()).value?.text).toBe('w1 ')
    expect((await first.next()).done).toBe(true)
    expect((await stream.getFinalResponse()).text).toBe('w0 w1 ')
  })

  it('passes a failure of the model’s stream to the loop and to getFinalResponse', async () => {
    const stream = agentOf(new WordStream(5, 2)).runStream('Write')
    const texts: string[] = []
    await expect(
      (async () => {
        for await (const update of stream) texts.push(update.text)
      })(),
    ).rejects.toThrow('the model went away')
    expect(texts).toEqual(['w0 ', 'w1 '])
    await expect(stream.getFinalResponse()).rejects.toThrow('the model went away')
  })

  it('ends with an AbortError when its signal fires mid-stream, and closes the model’s stream', async () => {
    const client = new WordStream(10)
    const controller = new AbortController()
    const stream = agentOf(client).runStream('Write', { signal: controller.signal })
    const reading = (async () => {
      for await (const update of stream) if (update.text === 'w1 ') controller.abort()
    })()
    await expect(reading).rejects.toBeInstanceOf(AbortError)
    await new Promise((resolve) => setImmediate(resolve))
    expect(client.closed).toBe(true)
  })

  it('costs at most 11 promises per streamed chunk (22 when each layer was a generator)', async () => {
    let promises = 0
    const hook = createHook({
      init(_id, type) {
        if (type === 'PROMISE') promises++
      },
    })
    const countRun = async (chunks: number) => {
      const stream = agentOf(new WordStream(chunks)).runStream('Write')
      promises = 0
      hook.enable()
      try {
        for await (const update of stream) void update
        await stream.getFinalResponse()
      } finally {
        hook.disable()
      }
      return promises
    }
    await countRun(1)
    const perChunk = ((await countRun(201)) - (await countRun(1))) / 200
    expect(perChunk).toBeLessThanOrEqual(11)
  })
})
