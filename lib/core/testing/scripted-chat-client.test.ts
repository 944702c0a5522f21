import { describe, expect, it } from 'vitest'
import { chatResponseFromUpdates } from '../clients/response-updates'
import { AbortError, UnexpectedModelCallError } from '../errors'
import { ChatResponse, Message, textContent, usageContent, type ChatResponseUpdate } from '../types'
import { ScriptedChatClient, functionCall, modelError, modelFunctionCalls, modelHang, modelResponse, modelStream } from './scripted-chat-client'

const user = (text: string) => [new Message({ role: 'user', text })]

async function collect(stream: AsyncIterable<ChatResponseUpdate>) {
  const updates: ChatResponseUpdate[] = []
  for await (const update of stream) updates.push(update)
  return updates
}

describe('ScriptedChatClient', () => {
  it('answers calls with its script in order and records them', async () => {
    const client = new ScriptedChatClient([modelResponse('one'), modelResponse({ text: 'two', usage: { inputTokenCount: 1 } })])
    const messages = user('hi')
    expect((await client.getResponse(messages, { temperature: 0.2 })).text).toBe('one')
    messages.push(new Message({ role: 'user', text: 'later change' }))
    const second = await client.getResponse(user('again'))
    expect(second.text).toBe('two')
    expect(second.usage).toEqual({ inputTokenCount: 1 })
    expect(client.calls).toHaveLength(2)
    expect(client.calls[0].messages.map((m) => m.text)).toEqual(['hi'])
    expect(client.calls[0].options.temperature).toBe(0.2)
    expect(client.lastCall?.messages[0].text).toBe('again')
    expect(client.calls[0].streaming).toBe(false)
    client.assertComplete()
  })

  it('throws UnexpectedModelCallError when the script runs out', async () => {
    const client = new ScriptedChatClient()
    await expect(client.getResponse(user('x'))).rejects.toBeInstanceOf(UnexpectedModelCallError)
    await expect(collect(client.getStreamingResponse(user('x')))).rejects.toThrow('script has no steps left')
  })

  it('reports unused steps in assertComplete', () => {
    const client = new ScriptedChatClient([modelResponse('unused')])
    expect(client.remaining).toBe(1)
    expect(() => client.assertComplete()).toThrow(UnexpectedModelCallError)
  })

  it('scripts errors, function calls, messages, responses and responders', async () => {
    const call = functionCall('add', { a: 1 }, 'c1')
    const client = new ScriptedChatClient()
      .enqueue(modelError('model down'))
      .enqueue(modelFunctionCalls(call))
      .enqueue(modelResponse(new Message({ role: 'assistant', text: 'as message' })))
      .enqueue(modelResponse(new ChatResponse({ messages: [new Message({ role: 'assistant', text: 'as response' })], responseId: 'r' })))
      .enqueue(
        modelResponse((messages, options) => new ChatResponse({ messages: [new Message({ role: 'assistant', text: `${messages.length}:${options.model}` })] })),
      )
    await expect(client.getResponse(user('x'))).rejects.toThrow('model down')
    const calls = await client.getResponse(user('x'))
    expect(calls.messages[0].contents).toEqual([call])
    expect(calls.finishReason).toBe('tool_calls')
    expect((await client.getResponse(user('x'))).text).toBe('as message')
    expect((await client.getResponse(user('x'))).responseId).toBe('r')
    expect((await client.getResponse(user('x'), { model: 'm' })).text).toBe('1:m')
    expect(functionCall('x').callId).not.toBe(functionCall('x').callId)
  })

  it('serves a response step to a streaming call and a stream step to a plain call', async () => {
    const client = new ScriptedChatClient([
      modelResponse({ text: 'streamed', usage: { outputTokenCount: 1 } }),
      modelStream(['as ', 'one', { contents: [usageContent({ inputTokenCount: 2 })] }]),
    ])
    const updates = await collect(client.getStreamingResponse(user('x')))
    expect(chatResponseFromUpdates(updates).text).toBe('streamed')
    expect(chatResponseFromUpdates(updates).usage).toEqual({ outputTokenCount: 1 })
    const plain = await client.getResponse(user('x'))
    expect(plain.text).toBe('as one')
    expect(plain.usage).toEqual({ inputTokenCount: 2 })
    expect(client.calls.map((c) => c.streaming)).toEqual([true, false])
  })

  it('can fail a stream after some updates', async () => {
    const client = new ScriptedChatClient([modelStream([{ role: 'assistant', contents: [textContent('partial')] }], { error: new Error('cut off') })])
    const seen: string[] = []
    await expect(
      (async () => {
        for await (const update of client.getStreamingResponse(user('x'))) seen.push(update.contents[0].type)
      })(),
    ).rejects.toThrow('cut off')
    expect(seen).toEqual(['text'])
  })

  it('hangs until the request is aborted', async () => {
    const client = new ScriptedChatClient([modelHang(), modelHang()])
    const controller = new AbortController()
    const pending = client.getResponse(user('x'), { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toBeInstanceOf(AbortError)
    const streamController = new AbortController()
    const streaming = collect(client.getStreamingResponse(user('x'), { signal: streamController.signal }))
    streamController.abort()
    await expect(streaming).rejects.toBeInstanceOf(AbortError)
  })
})
