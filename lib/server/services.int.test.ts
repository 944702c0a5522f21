/**
 * The app's services are made once per app (services.ts) and shared by every request: what they read from the
 * environment they read when asked, not when they were made.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { servicesFor } from './services'
import { skillLibrary } from './skills/skills-service'
import { createTestApp, type TestApp } from './testing/test-app'

describe("the app's services", () => {
  let app: TestApp
  let other: TestApp

  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    other = await createTestApp({ seed: false })
  })
  afterEach(() => vi.unstubAllEnvs())
  afterAll(async () => {
    await app?.close()
    await other?.close()
  })

  it('are made once per app, with one skill library that runs share too', () => {
    const services = servicesFor(app)
    expect(servicesFor(app)).toBe(services)
    expect(servicesFor(other)).not.toBe(services)
    expect(services.skills).toBe(skillLibrary(app))
    expect(skillLibrary(other)).not.toBe(services.skills)
  })

  it("price a turn by the server's model as configured when asked", () => {
    const prices = servicesFor(app).modelPrices
    vi.stubEnv('OPENAI_API_KEY', '')
    expect(prices.modelOfAgentDefinition({ model: { provider: 'default' } })).toBe('demo')
    vi.stubEnv('OPENAI_API_KEY', 'sk-test')
    vi.stubEnv('OPENAI_MODEL', 'gpt-test-model')
    expect(prices.modelOfAgentDefinition({ model: { provider: 'default' } })).toBe('gpt-test-model')
  })
})
