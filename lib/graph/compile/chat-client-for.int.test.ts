/**
 * An agent's model settings reaching the wire: saved-agent settings built with buildAgent on the
 * clients chatClientFor makes, through the real `openai` package against the loopback server, for
 * the Responses and the Chat Completions APIs. And whose key goes to a base URL an agent names.
 */
import { describe, expect, it } from 'vitest'
import { StructuredOutputError } from '@/lib/core'
import { useLoopbackOpenAIServer, type LoopbackOpenAIServer } from '@/lib/core/testing'
import { AgentSettingsSchema, buildAgent, type CompileRegistry } from '@/lib/graph'
import { chatClientFor } from './chat-client-for'

let server: LoopbackOpenAIServer
useLoopbackOpenAIServer((started) => (server = started))

const SERVER_KEY = 'server-key-never-sent-elsewhere'
const env = { OPENAI_API_KEY: SERVER_KEY }

function registry(): CompileRegistry {
  return {
    chatClient: (settings, secrets) => chatClientFor(settings, env, secrets),
    mcpServer: () => {
      throw new Error('no MCP servers here')
    },
    functionTool: () => undefined,
  }
}

const settingsFor = (provider: 'openai' | 'openai_chat') =>
  AgentSettingsSchema.parse({
    name: 'Weather',
    instructions: 'Answer in JSON.',
    model: { provider, model: 'gpt-test', temperature: 0.3, maxTokens: 64, reasoningEffort: 'low', baseUrl: server.baseURL },
    structuredOutput: {
      mode: 'fields',
      name: 'weather',
      fields: [
        { name: 'city', type: 'string' },
        { name: 'degrees', type: 'number', description: 'Celsius' },
        { name: 'tags', type: 'string_list', required: false },
      ],
    },
  })

const apis = [
  {
    provider: 'openai' as const,
    endpoint: '/responses',
    options: (body: any) => ({ temperature: body.temperature, maxTokens: body.max_output_tokens, effort: body.reasoning?.effort, format: body.text?.format }),
  },
  {
    provider: 'openai_chat' as const,
    endpoint: '/chat/completions',
    options: (body: any) => ({
      temperature: body.temperature,
      maxTokens: body.max_completion_tokens,
      effort: body.reasoning_effort,
      format: body.response_format && { type: body.response_format.type, ...body.response_format.json_schema },
    }),
  },
]

describe.each(apis)('an agent on $provider', ({ provider, endpoint, options }) => {
  it('sends model, temperature, max tokens, reasoning effort and the reply format, and parses the reply into value', async () => {
    server.enqueue({ text: '{"city":"Oslo","degrees":4}' })
    const agent = buildAgent(settingsFor(provider), registry(), { id: 'weather', where: 'Agent "Weather"' })
    const response = await agent.run('Weather in Oslo?')
    expect(response.value).toEqual({ city: 'Oslo', degrees: 4 })
    const [request] = server.requests
    expect(request.path).toContain(endpoint)
    expect(request.body.model).toBe('gpt-test')
    expect(options(request.body)).toMatchObject({
      temperature: 0.3,
      maxTokens: 64,
      effort: 'low',
      format: {
        type: 'json_schema',
        name: 'weather',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' }, degrees: { type: 'number', description: 'Celsius' }, tags: { type: 'array', items: { type: 'string' } } },
          required: ['city', 'degrees'],
          additionalProperties: false,
        },
      },
    })
  })

  it('answers a reply that does not match the format with an error a person can read', async () => {
    server.enqueue({ text: '{"city":"Oslo","degrees":"cold"}' })
    const agent = buildAgent(settingsFor(provider), registry(), { id: 'weather', where: 'Agent "Weather"' })
    const failure = agent.run('Weather?')
    await expect(failure).rejects.toBeInstanceOf(StructuredOutputError)
    await expect(failure).rejects.toThrow(/weather.*degrees/s)
  })

  it("never sends the server's own API key to a base URL an agent names; a saved agent's own key goes instead", async () => {
    server.enqueue({ text: '{"city":"Oslo","degrees":4}' }, { text: '{"city":"Oslo","degrees":4}' })
    await buildAgent(settingsFor(provider), registry(), { id: 'weather', where: 'Agent "Weather"' }).run('Weather?')
    await buildAgent(settingsFor(provider), registry(), { id: 'weather', where: 'Agent "Weather"', apiKey: 'agent-own-key' }).run('Weather?')
    const [keyless, own] = server.requests.map((request) => String(request.headers.authorization))
    expect(keyless).not.toContain(SERVER_KEY)
    expect(keyless).toBe('Bearer none')
    expect(own).toBe('Bearer agent-own-key')
  })
})

describe('chatClientFor', () => {
  it('uses the demo model for demo, and for default without a key', async () => {
    expect(chatClientFor({ provider: 'demo' }, env).constructor.name).toBe('DemoChatClient')
    expect(chatClientFor({ provider: 'default' }, {}).constructor.name).toBe('DemoChatClient')
    expect(() => chatClientFor({ provider: 'openai_chat' }, {})).toThrow(/OPENAI_API_KEY is not set/)
    expect(chatClientFor({ provider: 'openai_chat' }, env).constructor.name).toBe('OpenAIChatCompletionClient')
    expect(chatClientFor({ provider: 'openai' }, env).constructor.name).toBe('OpenAIChatClient')
  })
})
