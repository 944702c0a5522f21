/**
 * A server's settings through the API: saved with a create or a patch and shown back; bad
 * settings are a 400 naming each field; other people get the 404 of a missing server; no sign-in 401.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as serverRoute from './[id]/route'
import * as serversRoute from './route'
import { atCurrentVersion } from '@/lib/server/testing/at-current-version'

/** PATCH as a client that just read the resource (If-Match with its ETag). */
const patchServer = atCurrentVersion(serverRoute)

const settings = {
  allowedTools: ['search'],
  additionalArgumentNames: { global: ['trace_id'], perTool: { search: ['locale'] } },
  sampling: { mode: 'auto', maxTokensPerRequest: 300, maxRequestsPerRun: 3, beyondCaps: 'deny' },
  tasks: { defaultTtlMs: 60_000, pollIntervalMs: 1_000, maxWaitMs: 600_000 },
}

describe('MCP server settings over HTTP', () => {
  let app: TestApp
  let owner: TestUser
  let other: TestUser
  beforeAll(async () => {
    app = await createTestApp()
    owner = await app.addUser('member')
    other = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  it('saves the settings of a new server with defaults for what is left out, and replaces them on a patch', async () => {
    const created = await callRoute(serversRoute.POST, {
      as: owner,
      body: { id: 'with-settings', name: 'S', transport: 'http', config: { url: 'https://tools.example.com/mcp' }, settings: { allowedTools: ['a'] } },
    })
    expect(created.status).toBe(201)
    expect(created.body.server.settings).toEqual({
      allowedTools: ['a'],
      additionalArgumentNames: { global: [], perTool: {} },
      sampling: { mode: 'ask', maxTokensPerRequest: 1024, maxRequestsPerRun: 5, beyondCaps: 'ask' },
      tasks: {},
    })
    const patched = await callRoute(patchServer, { as: owner, params: { id: 'with-settings' }, body: { settings } })
    expect(patched.status).toBe(200)
    expect(patched.body.server.settings).toEqual(settings)
    expect((await callRoute(serverRoute.GET, { as: owner, params: { id: 'with-settings' } })).body.server.settings).toEqual(settings)
  })

  it('answers bad settings with 400 naming each field, never 500', async () => {
    const bad = await callRoute(patchServer, {
      as: owner,
      params: { id: 'with-settings' },
      body: { settings: { sampling: { mode: 'sometimes', maxTokensPerRequest: -1 }, tasks: { maxWaitMs: 'long' }, extra: true } },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.code).toBe('invalid_request')
    const paths = bad.body.error.details.issues.map((issue: { path: string }) => issue.path)
    expect(paths).toEqual(expect.arrayContaining(['settings.sampling.mode', 'settings.sampling.maxTokensPerRequest', 'settings.tasks.maxWaitMs']))
  })

  it('gives other people the 404 of a missing server, and asks for a sign-in', async () => {
    const theirs = await callRoute(patchServer, { as: other, params: { id: 'with-settings' }, body: { settings: {} } })
    expect(theirs.status).toBe(404)
    expect((await callRoute(patchServer, { as: null, params: { id: 'with-settings' }, body: { settings: {} } })).status).toBe(401)
    expect((await callRoute(serverRoute.GET, { as: owner, params: { id: 'with-settings' } })).body.server.settings).toEqual(settings)
  })
})
