/**
 * Structured output through both OpenAI clients, over HTTP against the loopback server: the request carries the
 * format in each API's shape, the reply is parsed into `value`, and a reply that does not match is an error.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { Agent } from '../../agents'
import { StructuredOutputError } from '../../errors'
import { tool } from '../../tools/tool'
import { Message } from '../../types'
import type { ChatClient } from '../chat-client'
import { OpenAIChatClient } from './openai-chat-client'
import { OpenAIChatCompletionClient } from './openai-chat-completion-client'
import type { LoopbackOpenAIServer } from './testing'
import { useLoopbackOpenAIServer } from './testing/use-loopback-server'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const weather = z.object({ city: z.string(), temperature: z.number(), sunny: z.boolean() }).meta({ title: 'weather' })
const weatherJsonSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, temperature: { type: 'number' }, sunny: { type: 'boolean' } },
  required: ['city', 'temperature', 'sunny'],
  additionalProperties: false,
}

const lookup = tool({
  name: 'lookup',
  description: 'Look the weather up',
  parameters: z.object({ city: z.string() }),
  execute: ({ city }) => `${city}: 4 degrees, sunny`,
})

const connection = () => ({ apiKey: 'test-key', baseURL: server.baseURL, model: 'gpt-test', env: {} })

interface ApiCase {
  name: string
  make: () => ChatClient
  /** The json_schema fields the request body carries, wherever this API puts them. */
  formatOf: (body: any) => unknown
}

const apis: ApiCase[] = [
  {
    name: 'OpenAIChatClient (Responses)',
    make: () => new OpenAIChatClient(connection()),
    formatOf: (body) => {
      expect(body.text.format.type).toBe('json_schema')
      const { type: _type, ...fields } = body.text.format
      return fields
    },
  },
  {
    name: 'OpenAIChatCompletionClient (Chat Completions)',
    make: () => new OpenAIChatCompletionClient(connection()),
    formatOf: (body) => {
      expect(body.response_format.type).toBe('json_schema')
      return body.response_format.json_schema
    },
  },
]

const user = (text: string) => [new Message({ role: 'user', text })]

describe.each(apis)('structured output with $name', ({ make, formatOf }) => {
  it('sends a zod schema as a strict json_schema format and fills value with the parsed reply', async () => {
    server.enqueue({ text: '{"city":"Oslo","temperature":4,"sunny":true}' })
    const response = await make().getResponse(user('Weather in Oslo?'), { responseFormat: weather })
    expect(formatOf(server.requests[0].body)).toEqual({ name: 'weather', schema: { title: 'weather', ...weatherJsonSchema }, strict: true })
    expect(response.value).toEqual({ city: 'Oslo', temperature: 4, sunny: true })
  })

  it('sends a JSON Schema that does not qualify for strict mode as non-strict, under the name given', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } }
    server.enqueue({ text: '{"city":"Oslo"}' })
    const response = await make().getResponse(user('City?'), { responseFormat: { type: 'json_schema', name: 'place', schema } })
    expect(formatOf(server.requests[0].body)).toEqual({ name: 'place', schema, strict: false })
    expect(response.value).toEqual({ city: 'Oslo' })
  })

  it('answers a reply that does not match with a StructuredOutputError a person can read', async () => {
    server.enqueue({ text: '{"city":"Oslo","temperature":"cold"}' })
    const failure = make().getResponse(user('Weather?'), { responseFormat: weather })
    await expect(failure).rejects.toBeInstanceOf(StructuredOutputError)
    await expect(failure).rejects.toThrow(
      /format "weather", which asks for an object with the properties city, temperature, sunny\. Problems: \$\.temperature: .*\$\.sunny: /,
    )
  })

  it('fills AgentResponse.value at the end of an agent run that called a tool first', async () => {
    server.enqueue(
      { toolCalls: [{ callId: 'call_1', name: 'lookup', arguments: '{"city":"Oslo"}' }] },
      { text: '{"city":"Oslo","temperature":4,"sunny":true}' },
    )
    const agent = new Agent({ client: make(), tools: [lookup], defaultOptions: { responseFormat: weather } })
    const response = await agent.run('Weather in Oslo?')
    expect(response.value).toEqual({ city: 'Oslo', temperature: 4, sunny: true })
    expect(server.requests).toHaveLength(2)
    for (const request of server.requests) expect(formatOf(request.body)).toMatchObject({ name: 'weather', strict: true })
  })

  it("gives a streamed agent run's final response the value, from the run's own options", async () => {
    server.enqueue({ text: ['{"city":"Os', 'lo","temperature":4,', '"sunny":false}'] })
    const stream = new Agent({ client: make() }).runStream('Weather?', { options: { responseFormat: weather } })
    let streamed = ''
    for await (const update of stream) streamed += update.text
    expect(streamed).toBe('{"city":"Oslo","temperature":4,"sunny":false}')
    expect((await stream.getFinalResponse()).value).toEqual({ city: 'Oslo', temperature: 4, sunny: false })
  })

  it('ends a streamed agent run whose reply does not match with the error', async () => {
    server.enqueue({ text: ['Sure! It is ', 'sunny in Oslo.'] })
    const stream = new Agent({ client: make() }).runStream('Weather?', { options: { responseFormat: weather } })
    await expect(stream.getFinalResponse()).rejects.toThrow(/The model's reply is not JSON.*The reply starts: "Sure! It is sunny in Oslo\."/)
  })
})
