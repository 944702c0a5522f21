/**
 * GET /api/provider-models: a provider's models from a loopback server speaking its list endpoint;
 * the server's keys only at the server's own endpoint, a member's base URL through the outbound policy.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { providerModelsResultSchema } from '@/lib/contracts/provider-models'
import { ScriptedHttpServer } from '@/lib/core/testing'
import { OutboundPolicy } from '@/lib/server/outbound/outbound-policy'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as route from './route'

describe('GET /api/provider-models', () => {
  let app: TestApp
  let member: TestUser
  let models: ScriptedHttpServer
  beforeAll(async () => {
    // Deny by default, as in production: loopback only for admins (vitest.config.ts opens it otherwise).
    app = await createTestApp({ outbound: new OutboundPolicy() })
    member = await app.addUser('member')
    models = await ScriptedHttpServer.start()
  })
  afterAll(async () => {
    await models?.close()
    await app?.close()
  })
  beforeEach(() => {
    expect(models.pendingAnswers).toBe(0)
    models.requests.length = 0
  })

  const list = (query: Record<string, string>, as?: TestUser) =>
    callRoute(route.GET, { url: `http://localhost/api/provider-models?${new URLSearchParams(query)}`, ...(as ? { as } : {}) })

  it("lists an Ollama server's models at a base URL an admin gives", async () => {
    models.enqueue(() => ({ json: { models: [{ name: 'llama3.2:latest', model: 'llama3.2:latest' }] } }))
    const answer = await list({ provider: 'ollama', baseUrl: `${models.origin}/v1` })
    expect(answer.status).toBe(200)
    expect(providerModelsResultSchema.parse(answer.body)).toEqual({ ok: true, models: [{ id: 'llama3.2:latest' }] })
    expect(models.requests[0].url).toBe('/api/tags')
  })

  it("lists Anthropic's models at a base URL without sending the server's key there", async () => {
    const previous = process.env.ANTHROPIC_API_KEY
    process.env.ANTHROPIC_API_KEY = 'server-anthropic-key'
    try {
      models.enqueue(() => ({
        json: { data: [{ type: 'model', id: 'claude-x', display_name: 'Claude X', created_at: '2026-01-01T00:00:00Z' }], has_more: false },
      }))
      const answer = await list({ provider: 'anthropic', baseUrl: models.origin })
      expect(answer.body).toEqual({ ok: true, models: [{ id: 'claude-x', displayName: 'Claude X' }] })
      expect(JSON.stringify(models.requests[0].headers)).not.toContain('server-anthropic-key')
    } finally {
      if (previous === undefined) delete process.env.ANTHROPIC_API_KEY
      else process.env.ANTHROPIC_API_KEY = previous
    }
  })

  it('says why when the server has no key, or the provider answers an error (still a 200)', async () => {
    const previous = process.env.GEMINI_API_KEY
    const google = process.env.GOOGLE_API_KEY
    delete process.env.GEMINI_API_KEY
    delete process.env.GOOGLE_API_KEY
    try {
      const keyless = await list({ provider: 'gemini' })
      expect(keyless.status).toBe(200)
      expect(keyless.body).toMatchObject({ ok: false, models: [], error: expect.stringContaining('GEMINI_API_KEY or GOOGLE_API_KEY') })
    } finally {
      if (previous !== undefined) process.env.GEMINI_API_KEY = previous
      if (google !== undefined) process.env.GOOGLE_API_KEY = google
    }
    models.enqueue(() => ({ status: 500, json: { error: 'boom' } }))
    const failed = await list({ provider: 'ollama', baseUrl: models.origin })
    expect(failed.body).toMatchObject({ ok: false, models: [], error: expect.stringContaining('500') })
  })

  it("refuses a member's base URL the outbound policy refuses, and asks nothing", async () => {
    const answer = await list({ provider: 'ollama', baseUrl: `${models.origin}/v1` }, member)
    expect(answer.status).toBe(400)
    expect(answer.body.error).toMatchObject({ code: 'outbound_address_refused', message: expect.stringContaining('loopback') })
    expect(models.requests).toHaveLength(0)
  })

  it("says the outbound policy refused Ollama's default localhost address for a member, not just that a fetch failed", async () => {
    const previous = process.env.OLLAMA_BASE_URL
    delete process.env.OLLAMA_BASE_URL
    try {
      const answer = await list({ provider: 'ollama' }, member)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ ok: false, models: [], error: expect.stringContaining('refused by the outbound policy') })
      expect(answer.body.error).toContain('loopback')
    } finally {
      if (previous !== undefined) process.env.OLLAMA_BASE_URL = previous
    }
  })

  it('refuses an unknown provider or a base URL that is not http(s)', async () => {
    expect((await list({ provider: 'mistral' })).status).toBe(400)
    expect((await list({ provider: 'ollama', baseUrl: 'file:///etc/passwd' })).status).toBe(400)
  })
})
