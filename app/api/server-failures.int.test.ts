/**
 * Failures on the server's side answered as the server's, not the caller's: a stored row that no longer
 * parses is a 500 with an internal code (and a line in the log), not a 400 telling the caller they were
 * wrong; a database that fails while a credential is looked up is a 503, not a 401 sending them to sign in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callRoute, createTestApp, type TestApp } from '@/lib/server/testing/test-app'
import * as agentRoute from './agents/[id]/route'
import * as agentsRoute from './agents/route'
import * as meRoute from './me/route'

function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

describe('server-side failures', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it('answers a stored row that no longer parses with 500 stored_data_invalid', async () => {
    const created = await callRoute(agentsRoute.POST, { body: { name: 'Hand-edited' } })
    const id = created.body.agent.id as string
    await app.db.sql.query(`UPDATE "AgentVersion" SET definition = '{"model": 5}'::jsonb WHERE "agentId" = $1`, [id])
    const answer = await callRoute(agentRoute.GET, { params: { id } })
    expect(answer.status).toBe(500)
    expect(answer.body.error).toEqual({ code: 'stored_data_invalid', message: 'Something stored on the server could not be read. The details are in its log.' })
  })

  it('answers 503 with a JSON error when the database fails during the sign-in lookup, for a session and for an API token', async () => {
    const signedIn = await app.auth.api.signInEmail({ body: { email: app.admin.email, password: app.admin.password }, asResponse: true })
    const cookie = cookieFrom(signedIn.headers)
    expect((await callRoute(meRoute.GET, { as: null, headers: { cookie } })).status).toBe(200)
    // A token this process has not read yet: one it has read is kept in memory (auth/api-tokens.ts) and needs no lookup.
    const unread = await app.addUser()

    await app.db.sql.query(`ALTER TABLE "Session" RENAME TO "SessionAway"`)
    await app.db.sql.query(`ALTER TABLE "ApiToken" RENAME TO "ApiTokenAway"`)
    try {
      for (const answer of [await callRoute(meRoute.GET, { as: null, headers: { cookie } }), await callRoute(meRoute.GET, { as: unread })]) {
        expect(answer.status).toBe(503)
        expect(answer.body.error).toMatchObject({
          code: 'service_unavailable',
          message: 'The server cannot check your sign-in right now. Try again in a moment.',
        })
      }
    } finally {
      await app.db.sql.query(`ALTER TABLE "SessionAway" RENAME TO "Session"`)
      await app.db.sql.query(`ALTER TABLE "ApiTokenAway" RENAME TO "ApiToken"`)
    }
    expect((await callRoute(meRoute.GET, { as: null, headers: { cookie } })).status).toBe(200)
    // A cookie that is no session is still nobody.
    expect((await callRoute(meRoute.GET, { as: null, headers: { cookie: 'better-auth.session_token=nothing' } })).status).toBe(401)
  })
})
