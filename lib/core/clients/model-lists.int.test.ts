/** Each provider's model list, from a loopback server speaking that provider's list endpoint, through its SDK (Ollama: plain fetch). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ChatClientResponseException } from '../errors'
import { listProviderModels } from './model-lists'
import { ScriptedHttpServer } from './testing/scripted-http-server'

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

describe('listProviderModels', () => {
  it('lists Ollama models from /api/tags beside its /v1 API', async () => {
    server.enqueue(() => ({
      json: {
        models: [
          { name: 'llama3.2:latest', model: 'llama3.2:latest', size: 1 },
          { name: 'qwen3:8b', model: 'qwen3:8b', size: 2 },
        ],
      },
    }))
    expect(await listProviderModels({ provider: 'ollama', baseURL: `${server.origin}/v1` })).toEqual([{ id: 'llama3.2:latest' }, { id: 'qwen3:8b' }])
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/api/tags' })
  })

  it('reports an Ollama error status', async () => {
    server.enqueue(() => ({ status: 404, json: { error: 'not found' } }))
    await expect(listProviderModels({ provider: 'ollama', baseURL: server.origin })).rejects.toBeInstanceOf(ChatClientResponseException)
  })

  it('lists Anthropic models through the SDK, following pages', async () => {
    server.enqueue(
      () => ({
        json: {
          data: [{ type: 'model', id: 'claude-a', display_name: 'Claude A', created_at: '2026-01-01T00:00:00Z' }],
          has_more: true,
          first_id: 'claude-a',
          last_id: 'claude-a',
        },
      }),
      () => ({
        json: {
          data: [{ type: 'model', id: 'claude-b', display_name: 'Claude B', created_at: '2026-01-01T00:00:00Z' }],
          has_more: false,
          first_id: 'claude-b',
          last_id: 'claude-b',
        },
      }),
    )
    const models = await listProviderModels({ provider: 'anthropic', apiKey: 'k', baseURL: server.origin, env: {} })
    expect(models).toEqual([
      { id: 'claude-a', displayName: 'Claude A' },
      { id: 'claude-b', displayName: 'Claude B' },
    ])
    expect(server.requests.map((request) => request.url)).toEqual(['/v1/models', '/v1/models?after_id=claude-a'])
  })

  it('lists Gemini chat models through the SDK, without the embedding ones', async () => {
    server.enqueue(() => ({
      json: {
        models: [
          { name: 'models/gemini-2.5-flash', displayName: 'Gemini 2.5 Flash', supportedGenerationMethods: ['generateContent', 'countTokens'] },
          { name: 'models/text-embedding-004', displayName: 'Embedding', supportedGenerationMethods: ['embedContent'] },
        ],
      },
    }))
    const models = await listProviderModels({ provider: 'gemini', apiKey: 'k', baseURL: server.origin, env: {} })
    expect(models).toEqual([{ id: 'gemini-2.5-flash', displayName: 'Gemini 2.5 Flash' }])
    expect(server.requests[0].url).toMatch(/^\/v1beta\/models/)
  })

  it('lists models of an OpenAI-compatible server', async () => {
    server.enqueue(() => ({ json: { object: 'list', data: [{ id: 'gpt-test', object: 'model', created: 1, owned_by: 'me' }] } }))
    expect(await listProviderModels({ provider: 'openai', apiKey: 'k', baseURL: `${server.origin}/v1`, env: {} })).toEqual([{ id: 'gpt-test' }])
  })
})
