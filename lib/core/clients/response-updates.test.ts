import { describe, expect, it } from 'vitest'
import { ChatResponse, Message, functionCallContent, reasoningContent, textContent, usageContent, type ChatResponseUpdate } from '../types'
import { UpdateAssembler, chatResponseFromUpdates, chatResponseToUpdates } from './response-updates'

describe('chatResponseFromUpdates', () => {
  it('joins consecutive text chunks of one message and sums usage', () => {
    const response = chatResponseFromUpdates([
      { role: 'assistant', contents: [textContent('Hel')], messageId: 'm1', responseId: 'r1' },
      { contents: [textContent('lo')] },
      { contents: [usageContent({ inputTokenCount: 2, outputTokenCount: 1 })] },
      { contents: [usageContent({ inputTokenCount: 1 })], finishReason: 'stop' },
    ])
    expect(response.messages).toHaveLength(1)
    expect(response.messages[0].contents).toEqual([textContent('Hello')])
    expect(response.messages[0].messageId).toBe('m1')
    expect(response.usage).toEqual({ inputTokenCount: 3, outputTokenCount: 1 })
    expect(response.responseId).toBe('r1')
    expect(response.finishReason).toBe('stop')
  })

  it('starts a new message when the role or message id changes', () => {
    const response = chatResponseFromUpdates([
      { role: 'assistant', contents: [textContent('a')], messageId: 'm1' },
      { role: 'assistant', contents: [textContent('b')], messageId: 'm2' },
      { role: 'tool', contents: [textContent('c')] },
    ])
    expect(response.messages.map((m) => [m.role, m.text])).toEqual([
      ['assistant', 'a'],
      ['assistant', 'b'],
      ['tool', 'c'],
    ])
  })

  it('keeps text and reasoning apart', () => {
    const response = chatResponseFromUpdates([
      { role: 'assistant', contents: [reasoningContent('th')] },
      { contents: [reasoningContent('ink')] },
      { contents: [textContent('answer')] },
    ])
    expect(response.messages[0].contents).toEqual([reasoningContent('think'), textContent('answer')])
  })

  it('merges function-call argument deltas by call id and by continuation chunks', () => {
    const response = chatResponseFromUpdates([
      { role: 'assistant', contents: [functionCallContent('c1', 'add', '{"a":')] },
      { contents: [functionCallContent('c2', 'mul', '{"x":')] },
      { contents: [functionCallContent('c1', '', '1}')] },
      { contents: [functionCallContent('', '', '2}')] },
    ])
    expect(response.messages[0].contents).toEqual([functionCallContent('c1', 'add', '{"a":1}'), functionCallContent('c2', 'mul', '{"x":2}')])
  })

  it('never mutates the updates it reads', () => {
    const first: ChatResponseUpdate = { role: 'assistant', contents: [textContent('a')] }
    const second: ChatResponseUpdate = { contents: [textContent('b')] }
    chatResponseFromUpdates([first, second])
    expect(first.contents).toEqual([textContent('a')])
    expect(second.contents).toEqual([textContent('b')])
  })

  it('exposes progress while assembling', () => {
    const assembler = new UpdateAssembler()
    assembler.add({ role: 'assistant', contents: [textContent('x')] })
    expect(assembler.messages[0].text).toBe('x')
    assembler.add({ contents: [textContent('y')] })
    expect(assembler.messages[0].text).toBe('xy')
  })
})

describe('chatResponseToUpdates', () => {
  it('splits a response into one update per message with usage last, and assembles back', () => {
    const response = new ChatResponse({
      messages: [new Message({ role: 'assistant', text: 'a', messageId: 'm1' }), new Message({ role: 'tool', text: 'b' })],
      usage: { inputTokenCount: 1 },
      finishReason: 'stop',
      responseId: 'r',
    })
    const updates = chatResponseToUpdates(response)
    expect(updates).toHaveLength(2)
    expect(updates[1].contents.at(-1)).toEqual(usageContent({ inputTokenCount: 1 }))
    expect(updates[1].finishReason).toBe('stop')
    const back = chatResponseFromUpdates(updates)
    expect(back.messages.map((m) => m.toJSON())).toEqual(response.messages.map((m) => m.toJSON()))
    expect(back.usage).toEqual(response.usage)
    expect(response.messages[1].contents).toEqual([textContent('b')])
  })
})
