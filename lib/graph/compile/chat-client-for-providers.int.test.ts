/**
 * The native providers chosen in an agent's model settings reaching the wire: Anthropic, Gemini,
 * Ollama and Azure OpenAI agents built with buildAgent on the clients chatClientFor makes, each against a loopback
 * server speaking its provider's wire format through the provider's SDK. And whose key goes where.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AnthropicChatClient, GeminiChatClient, OpenAIChatCompletionClient, UserError } from '@/lib/core'
import { ScriptedHttpServer, anthropicReply, geminiReply } from '@/lib/core/testing'
import { AgentSettingsSchema, DEFAULT_AZURE_OPENAI_API_VERSION, buildAgent, type CompileRegistry } from '@/lib/graph'
import { chatClientFor } from './chat-client-for'

let server: ScriptedHttpServer
beforeAll(async () => {
  server = await ScriptedHttpServer.start()
})
afterAll(async () => {
  await server.close()
})
beforeEach(() => {
  expect(server.pendingAnswers).toBe(0)
  server.requests.length = 0
})

const SERVER_KEYS = { ANTHROPIC_API_KEY: 'server-anthropic-key', GEMINI_API_KEY: 'server-gemini-key' }

function registry(env: Record<string, string | undefined>): CompileRegistry {
  return {
    chatClient: (settings, secrets) => chatClientFor(settings, env, secrets),
    mcpServer: () => {
      throw new Error('no MCP servers here')
    },
    functionTool: () => undefined,
  }
}

const settingsFor = (provider: 'anthropic' | 'gemini' | 'ollama' | 'azure_openai', baseUrl?: string) =>
  AgentSettingsSchema.parse({
    name: 'Weather',
    instructions: 'Answer in JSON.',
    model: { provider, model: 'model-test', temperature: 0.3, maxTokens: 64, reasoningEffort: 'low', ...(baseUrl ? { baseUrl } : {}) },
    structuredOutput: { mode: 'fields', name: 'weather', fields: [{ name: 'city', type: 'string' }] },
  })

const weather = '{"city":"Oslo"}'

describe('an agent on anthropic', () => {
  it("sends its settings and the reply format, uses the server's key at the server's endpoint, and parses the reply", async () => {
    server.enqueue(anthropicReply({ text: weather }))
    const env = { ...SERVER_KEYS, ANTHROPIC_BASE_URL: server.origin }
    const response = await buildAgent(settingsFor('anthropic'), registry(env), { id: 'w', where: 'Agent "Weather"' }).run('Weather?')
    expect(response.value).toEqual({ city: 'Oslo' })
    const [request] = server.requests
    expect(request.url).toBe('/v1/messages')
    expect(JSON.stringify(request.headers)).toContain('server-anthropic-key')
    expect(request.body).toMatchObject({
      model: 'model-test',
      temperature: 0.3,
      max_tokens: 64,
      system: 'Answer in JSON.',
      output_config: { effort: 'low', format: { type: 'json_schema', schema: expect.objectContaining({ required: ['city'] }) } },
    })
  })

  it("never sends the server's key to a base URL an agent names; the agent's own key goes instead", async () => {
    server.enqueue(anthropicReply({ text: weather }), anthropicReply({ text: weather }))
    await buildAgent(settingsFor('anthropic', server.origin), registry(SERVER_KEYS), { id: 'w', where: 'W' }).run('Weather?')
    await buildAgent(settingsFor('anthropic', server.origin), registry(SERVER_KEYS), { id: 'w', where: 'W', apiKey: 'agent-own-key' }).run('Weather?')
    const [keyless, own] = server.requests.map((request) => JSON.stringify(request.headers))
    expect(keyless).not.toContain('server-anthropic-key')
    expect(own).toContain('agent-own-key')
  })
})

describe('an agent on gemini', () => {
  it("sends its settings and the reply format with the server's key, and parses the reply", async () => {
    server.enqueue(geminiReply({ text: weather }))
    const env = { GOOGLE_API_KEY: 'server-google-key', GEMINI_BASE_URL: server.origin }
    const response = await buildAgent(settingsFor('gemini'), registry(env), { id: 'w', where: 'W' }).run('Weather?')
    expect(response.value).toEqual({ city: 'Oslo' })
    const [request] = server.requests
    expect(request.url).toBe('/v1beta/models/model-test:generateContent')
    expect(request.headers['x-goog-api-key']).toBe('server-google-key')
    expect(request.body.generationConfig).toMatchObject({ temperature: 0.3, maxOutputTokens: 64, responseMimeType: 'application/json' })
  })

  it("never sends the server's key to a base URL an agent names", async () => {
    server.enqueue(geminiReply({ text: weather }))
    await buildAgent(settingsFor('gemini', server.origin), registry(SERVER_KEYS), { id: 'w', where: 'W' }).run('Weather?')
    expect(server.requests[0].headers['x-goog-api-key']).toBe('none')
  })
})

/** A Chat Completions answer with the weather, as an OpenAI-compatible server (Ollama, Azure OpenAI) sends it. */
function chatCompletion(extra: Record<string, unknown> = {}) {
  return {
    json: {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      created: 1,
      model: 'model-test',
      choices: [{ index: 0, message: { role: 'assistant', content: weather }, finish_reason: 'stop' }],
      ...extra,
    },
  }
}

describe('an agent on ollama', () => {
  it("speaks Chat Completions to the agent's base URL (max_tokens, reasoning_effort, response_format)", async () => {
    server.enqueue(() => chatCompletion({ usage: { prompt_tokens: 5, completion_tokens: 3, total_tokens: 8 } }))
    const response = await buildAgent(settingsFor('ollama', `${server.origin}/v1`), registry({ OPENAI_API_KEY: 'server-openai-key' }), {
      id: 'w',
      where: 'W',
    }).run('Weather?')
    expect(response.value).toEqual({ city: 'Oslo' })
    const [request] = server.requests
    expect(request.url).toBe('/v1/chat/completions')
    expect(request.headers.authorization).toBe('Bearer none')
    expect(request.body).toMatchObject({ model: 'model-test', max_tokens: 64, reasoning_effort: 'low', response_format: { type: 'json_schema' } })
  })
})

describe('an agent on azure_openai', () => {
  const completion = chatCompletion()

  it("sends the server's key in api-key to the deployment's Chat Completions path at the server's endpoint", async () => {
    server.enqueue(() => completion)
    const env = { AZURE_OPENAI_ENDPOINT: `${server.origin}/`, AZURE_OPENAI_API_KEY: 'server-azure-key', AZURE_OPENAI_API_VERSION: '2025-04-01-preview' }
    const response = await buildAgent(settingsFor('azure_openai'), registry(env), { id: 'w', where: 'W' }).run('Weather?')
    expect(response.value).toEqual({ city: 'Oslo' })
    const [request] = server.requests
    expect(request.url).toBe('/openai/deployments/model-test/chat/completions?api-version=2025-04-01-preview')
    expect(request.headers['api-key']).toBe('server-azure-key')
    expect(request.body).toMatchObject({ max_completion_tokens: 64, reasoning_effort: 'low', response_format: { type: 'json_schema' } })
  })

  it("sends the server's key nowhere else: an agent's own endpoint gets its own key (or none) and the default API version", async () => {
    server.enqueue(() => completion)
    const env = { AZURE_OPENAI_ENDPOINT: 'https://server-resource.openai.azure.com/', AZURE_OPENAI_API_KEY: 'server-azure-key' }
    await buildAgent(settingsFor('azure_openai', `${server.origin}/`), registry(env), { id: 'w', where: 'W' }).run('Weather?')
    const [request] = server.requests
    expect(request.url).toBe(`/openai/deployments/model-test/chat/completions?api-version=${DEFAULT_AZURE_OPENAI_API_VERSION}`)
    expect(request.headers['api-key']).toBe('none')
  })
})

describe('chatClientFor with the native providers', () => {
  it('builds each client from the server keys, and fails clearly without one', () => {
    expect(chatClientFor({ provider: 'anthropic' }, SERVER_KEYS)).toBeInstanceOf(AnthropicChatClient)
    expect(chatClientFor({ provider: 'gemini' }, SERVER_KEYS)).toBeInstanceOf(GeminiChatClient)
    expect(chatClientFor({ provider: 'gemini' }, { GOOGLE_API_KEY: 'g' })).toBeInstanceOf(GeminiChatClient)
    expect(chatClientFor({ provider: 'anthropic' }, {}, { apiKey: 'own' })).toBeInstanceOf(AnthropicChatClient)
    expect(() => chatClientFor({ provider: 'anthropic' }, {})).toThrow(UserError)
    expect(() => chatClientFor({ provider: 'anthropic' }, {})).toThrow(/ANTHROPIC_API_KEY is not set/)
    expect(() => chatClientFor({ provider: 'gemini' }, { OPENAI_API_KEY: 'k' })).toThrow(/GEMINI_API_KEY \(or GOOGLE_API_KEY\) is not set/)
  })

  it("gives Ollama the server's OLLAMA_BASE_URL or the default, and asks for a model", () => {
    const ollama = chatClientFor({ provider: 'ollama', model: 'llama3.2' }, {}) as OpenAIChatCompletionClient
    expect(ollama).toBeInstanceOf(OpenAIChatCompletionClient)
    expect(ollama.openai.baseURL).toBe('http://localhost:11434/v1')
    expect(ollama.providerName).toBe('ollama')
    const configured = chatClientFor(
      { provider: 'ollama' },
      { OLLAMA_BASE_URL: 'http://ollama.lan:11434/v1', OLLAMA_MODEL: 'qwen3' },
    ) as OpenAIChatCompletionClient
    expect(configured.openai.baseURL).toBe('http://ollama.lan:11434/v1')
    expect(configured.modelId).toBe('qwen3')
    expect(() => chatClientFor({ provider: 'ollama' }, {})).toThrow(/names no model/)
  })

  it('asks an Azure OpenAI agent for its deployment, and for a credential or the server’s endpoint and key', () => {
    const azure = chatClientFor(
      { provider: 'azure_openai', model: 'gpt-4o-prod' },
      { AZURE_OPENAI_ENDPOINT: 'https://res.openai.azure.com', AZURE_OPENAI_API_KEY: 'k' },
    ) as OpenAIChatCompletionClient
    expect(azure).toBeInstanceOf(OpenAIChatCompletionClient)
    expect(azure.openai.baseURL).toBe('https://res.openai.azure.com/openai')
    expect(azure.providerName).toBe('azure.ai.openai')
    expect(() => chatClientFor({ provider: 'azure_openai' }, { AZURE_OPENAI_ENDPOINT: 'https://res.openai.azure.com', AZURE_OPENAI_API_KEY: 'k' })).toThrow(
      /names no deployment/,
    )
    expect(() => chatClientFor({ provider: 'azure_openai', model: 'd' }, { AZURE_OPENAI_API_KEY: 'k', OPENAI_API_KEY: 'k' })).toThrow(UserError)
    expect(() => chatClientFor({ provider: 'azure_openai', model: 'd' }, {})).toThrow(/Choose an Azure OpenAI credential/)
  })
})
