import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { AbortError, StructuredOutputError } from '../../errors'
import { tool } from '../../tools/tool'
import { Message, functionCallContent, functionResultContent, type ChatResponseUpdate } from '../../types'
import { chatResponseFromUpdates } from '../response-updates'
import { DemoChatClient } from './demo-chat-client'

const user = (text: string) => new Message({ role: 'user', text })

async function collect(stream: AsyncIterable<ChatResponseUpdate>): Promise<ChatResponseUpdate[]> {
  const updates: ChatResponseUpdate[] = []
  for await (const update of stream) updates.push(update)
  return updates
}

describe('DemoChatClient', () => {
  const client = new DemoChatClient()

  it('answers a request for structured output with JSON that fits the schema, streaming or not', async () => {
    const answer = z.object({ reply: z.string(), confidence: z.number() })
    const response = await client.getResponse([user('hello')], { responseFormat: answer })
    expect(response.value).toEqual({ reply: 'Demo reply: hello', confidence: 0 })
    const streamed = chatResponseFromUpdates(await collect(client.getStreamingResponse([user('hello')], { responseFormat: answer })))
    expect(JSON.parse(streamed.text)).toEqual({ reply: 'Demo reply: hello', confidence: 0 })
  })

  it('gives an agent run with tools a structured final answer built from the tool results', async () => {
    const add = tool({ name: 'add', description: 'Add', parameters: z.object({ a: z.number(), b: z.number() }), execute: ({ a, b }) => a + b })
    const agent = new Agent({ client, tools: [add], defaultOptions: { responseFormat: z.object({ answer: z.string() }) } })
    const response = await agent.run('/call add {"a":2,"b":40}')
    expect(response.value).toEqual({ answer: 'Result: 42' })
  })

  it('answers plain text when it cannot fill the schema, which the framework reports', async () => {
    const unfillable = { type: 'object', properties: { a: { not: { type: 'string' } } } }
    await expect(client.getResponse([user('hello')], { responseFormat: unfillable })).rejects.toBeInstanceOf(StructuredOutputError)
  })

  it('echoes the last user message', async () => {
    const response = await client.getResponse([user('first'), new Message({ role: 'assistant', text: 'x' }), user('second')])
    expect(response.text).toBe('Demo reply: second')
    expect(response.finishReason).toBe('stop')
    expect(response.modelId).toBe('demo')
  })

  it('keeps only the first 200 characters of the user message', async () => {
    const long = 'a'.repeat(250)
    const response = await client.getResponse([user(long)])
    expect(response.text).toBe(`Demo reply: ${'a'.repeat(200)}`)
  })

  it('cuts an answer longer than maxTokens after that many tokens, and says so with finishReason length, streaming or not', async () => {
    const cut = await client.getResponse([user('one two three four')], { maxTokens: 4 })
    expect(cut.text).toBe('Demo reply: one two')
    expect(cut.finishReason).toBe('length')
    expect(cut.usage?.outputTokenCount).toBe(4)
    const streamed = chatResponseFromUpdates(await collect(client.getStreamingResponse([user('one two three four')], { maxTokens: 4 })))
    expect([streamed.text, streamed.finishReason]).toEqual(['Demo reply: one two', 'length'])
    const whole = await client.getResponse([user('one two')], { maxTokens: 4 })
    expect([whole.text, whole.finishReason]).toEqual(['Demo reply: one two', 'stop'])
    // An agent run ends with the model's reason: the caller can tell a cut reply from a finished one.
    expect((await new Agent({ client, defaultOptions: { maxTokens: 2 } }).run('one two three')).finishReason).toBe('length')
  })

  it('answers /call lines with function calls, one per line, in order', async () => {
    const response = await client.getResponse([user('please\n/call add {"a":2,"b":40}\n  /call now\n/call  echo {"text":"hi there"}')])
    const calls = response.messages[0].contents
    expect(calls).toEqual([
      functionCallContent('call_1_1', 'add', '{"a":2,"b":40}'),
      functionCallContent('call_1_2', 'now', '{}'),
      functionCallContent('call_1_3', 'echo', '{"text":"hi there"}'),
    ])
    expect(response.finishReason).toBe('tool_calls')
    expect(response.text).toBe('')
  })

  it('passes malformed argument text on verbatim', async () => {
    const response = await client.getResponse([user('/call add {not json')])
    expect(response.messages[0].contents[0]).toMatchObject({ name: 'add', arguments: '{not json' })
  })

  it('does not call tools when toolChoice is none', async () => {
    const response = await client.getResponse([user('/call add {}')], { toolChoice: 'none' })
    expect(response.text).toBe('Demo reply: /call add {}')
  })

  it('answers tool results with "Result: " and the results, in order', async () => {
    const messages = [
      user('/call a {}\n/call b {}'),
      new Message({ role: 'assistant', contents: [functionCallContent('1', 'a'), functionCallContent('2', 'b')] }),
      new Message({ role: 'tool', contents: [functionResultContent('1', 42)] }),
      new Message({ role: 'tool', contents: [functionResultContent('2', { ok: true })] }),
    ]
    expect((await client.getResponse(messages)).text).toBe('Result: 42\n{"ok":true}')
  })

  it('treats a user message after tool results as a new question', async () => {
    const messages = [
      new Message({ role: 'assistant', contents: [functionCallContent('1', 'a')] }),
      new Message({ role: 'tool', contents: [functionResultContent('1', 'x')] }),
      user('and now?'),
    ]
    expect((await client.getResponse(messages)).text).toBe('Demo reply: and now?')
  })

  it('reports whitespace-split usage', async () => {
    const response = await client.getResponse([user('one two  three')], { instructions: 'be brief' })
    // input: 2 instruction words + 3 message words; output: "Demo reply: one two three" = 5 words
    expect(response.usage).toEqual({ inputTokenCount: 5, outputTokenCount: 5, totalTokenCount: 10 })
  })

  it('counts a growing conversation incrementally and correctly', async () => {
    const conversation = [user('a b')]
    expect((await client.getResponse(conversation)).usage?.inputTokenCount).toBe(2)
    conversation.push(new Message({ role: 'assistant', text: 'c d e' }), user('f'))
    expect((await client.getResponse(conversation)).usage?.inputTokenCount).toBe(6)
  })

  it('is deterministic', async () => {
    const messages = [user('/call x {"a":1}')]
    const a = await client.getResponse(messages)
    const b = await new DemoChatClient().getResponse(messages)
    expect(a.toJSON()).toEqual(b.toJSON())
  })

  it('streams the same answer in a few chunks, usage last', async () => {
    const messages = [user('hello streaming world of demos')]
    const updates = await collect(client.getStreamingResponse(messages))
    expect(updates.length).toBeGreaterThan(2)
    expect(updates.at(-1)?.contents[0].type).toBe('usage')
    const streamed = chatResponseFromUpdates(updates)
    const plain = await client.getResponse(messages)
    expect(streamed.text).toBe(plain.text)
    expect(streamed.usage).toEqual(plain.usage)
    expect(streamed.finishReason).toBe('stop')
  })

  it('streams function calls with arguments split across chunks', async () => {
    const messages = [user('/call add {"a":2,"b":40}\n/call sub {"a":1}')]
    const updates = await collect(client.getStreamingResponse(messages))
    const streamed = chatResponseFromUpdates(updates)
    expect(streamed.messages[0].contents).toEqual((await client.getResponse(messages)).messages[0].contents)
  })

  it('rejects an aborted request', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(client.getResponse([user('x')], { signal: controller.signal })).rejects.toBeInstanceOf(AbortError)
    await expect(collect(client.getStreamingResponse([user('x')], { signal: controller.signal }))).rejects.toBeInstanceOf(AbortError)
  })
})
