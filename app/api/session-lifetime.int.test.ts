/**
 * Sessions end (ASVS level 2, 3.3.2): after 30 minutes without use and after 12 hours in all, the cookie no longer
 * signs anyone in; a session in use moves forward; the cookie is out of scripts' reach, same-site, and Secure under
 * an https public URL. Real Better Auth on a real database; the clock is moved by moving the session row's times.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '@/lib/server/auth/auth'
import { sessionPrincipal } from '@/lib/server/auth/authenticate'
import { prepareFirstAdmin, FirstAdminConfigError } from '@/lib/server/auth/users'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as meRoute from './me/route'
import * as usersRoute from './admin/users/route'

const MINUTE = 60_000

function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ')
}

/** The session cookie's attributes, lower-cased names (`httponly`, `samesite`, `max-age`, …). */
function sessionCookieAttributes(headers: Headers): { name: string; attributes: Record<string, string> } {
  const line = headers.getSetCookie().find((cookie) => cookie.split('=')[0]!.endsWith('session_token'))
  expect(line, 'a session cookie is set').toBeDefined()
  const [pair, ...rest] = line!.split(';').map((part) => part.trim())
  const attributes = Object.fromEntries(rest.map((part) => [part.split('=')[0]!.toLowerCase(), part.split('=').slice(1).join('=')]))
  return { name: pair!.split('=')[0]!, attributes }
}

describe('session lifetime', () => {
  let app: TestApp
  let member: TestUser
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    member = await app.addUser('member')
  })
  afterAll(async () => app?.close())

  async function signIn(): Promise<{ cookie: string; headers: Headers; sessionId: string }> {
    const response = await app.auth.api.signInEmail({ body: { email: member.email, password: member.password }, asResponse: true })
    expect(response.ok).toBe(true)
    const cookie = cookieFrom(response.headers)
    const sessions = await app.db.prisma.session.findMany({ where: { userId: member.id }, orderBy: { createdAt: 'desc' }, take: 1 })
    return { cookie, headers: response.headers, sessionId: sessions[0]!.id }
  }
  const me = (cookie: string) => callRoute(meRoute.GET, { as: null, headers: { cookie } })

  it('sets a cookie scripts cannot read, sent same-site only, living as long as the idle limit', async () => {
    const { headers } = await signIn()
    const { attributes } = sessionCookieAttributes(headers)
    expect(attributes).toHaveProperty('httponly')
    expect(attributes.samesite?.toLowerCase()).toBe('lax')
    expect(attributes.path).toBe('/')
    expect(Number(attributes['max-age'])).toBe(30 * 60)
  })

  it('makes the cookie Secure, with the __Secure- prefix, when the public URL is https', async () => {
    const auth = createAuth({ prisma: app.db.prisma, masterKey: app.masterKey, publicUrl: 'https://agentloom.example', sessionLifetime: app.sessionLifetime })
    const response = await auth.api.signInEmail({ body: { email: member.email, password: member.password }, asResponse: true })
    const { name, attributes } = sessionCookieAttributes(response.headers)
    expect(name.startsWith('__Secure-')).toBe(true)
    expect(attributes).toHaveProperty('secure')
    expect(attributes).toHaveProperty('httponly')
  })

  it('ends a session 12 hours after sign-in, however much it is used', async () => {
    const { cookie, sessionId } = await signIn()
    expect((await me(cookie)).status).toBe(200)
    // Used a moment ago, so the idle limit is far: only the age ends it.
    await app.db.prisma.session.update({
      where: { id: sessionId },
      data: { createdAt: new Date(Date.now() - 12 * 60 * MINUTE - MINUTE), expiresAt: new Date(Date.now() + 29 * MINUTE) },
    })
    expect(await me(cookie)).toMatchObject({ status: 401, body: { error: { code: 'unauthenticated' } } })
  })

  it('ends a session unused for 30 minutes', async () => {
    const { cookie, sessionId } = await signIn()
    await app.db.prisma.session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } })
    expect((await me(cookie)).status).toBe(401)
  })

  it('ends the session on the server at sign-out, so a copy of the cookie signs nobody in', async () => {
    const { cookie, sessionId } = await signIn()
    await app.auth.api.signOut({ headers: new Headers({ cookie }) })
    expect(await app.db.prisma.session.findUnique({ where: { id: sessionId } })).toBeNull()
    expect((await me(cookie)).status).toBe(401)
  })

  it('moves a session in use forward to a full idle period again, and sets the cookie again for as long', async () => {
    const { cookie, sessionId } = await signIn()
    // Last moved forward 20 minutes ago (past the 5-minute refresh step): this use moves it to now + 30 minutes.
    await app.db.prisma.session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() + 10 * MINUTE) } })
    const answer = await me(cookie)
    expect(answer.status).toBe(200)
    const { expiresAt } = await app.db.prisma.session.findUniqueOrThrow({ where: { id: sessionId } })
    expect(expiresAt.getTime()).toBeGreaterThan(Date.now() + 25 * MINUTE)
    // The browser keeps the cookie only as long as its own Max-Age: without it set again, a person at work would be
    // signed out 30 minutes after signing in, whatever the database says.
    const renewed = sessionCookieAttributes(answer.headers)
    expect(Number(renewed.attributes['max-age'])).toBe(30 * 60)
    expect(renewed.attributes).toHaveProperty('httponly')
    expect(cookieFrom(answer.headers)).toBe(cookie)
  })

  it('sets no cookie while the session is not due to move forward', async () => {
    const { cookie } = await signIn()
    const answer = await me(cookie)
    expect(answer.status).toBe(200)
    expect(answer.headers.getSetCookie()).toEqual([])
  })

  it('sets the renewed cookie on an answer that refuses the request too', async () => {
    const { cookie, sessionId } = await signIn()
    await app.db.prisma.session.update({ where: { id: sessionId }, data: { expiresAt: new Date(Date.now() + 10 * MINUTE) } })
    // A member asking for an admin's route: not found, as for anyone else; the session was used all the same.
    const answer = await callRoute(usersRoute.GET, { as: null, headers: { cookie } })
    expect(answer.status).toBe(404)
    expect(cookieFrom(answer.headers)).toBe(cookie)
  })

  it("does not move a session forward for a page's render, whose answer cannot carry the cookie", async () => {
    const { cookie, sessionId } = await signIn()
    const due = new Date(Date.now() + 10 * MINUTE)
    await app.db.prisma.session.update({ where: { id: sessionId }, data: { expiresAt: due } })
    expect(await sessionPrincipal(new Headers({ cookie }), app)).toMatchObject({ userId: member.id })
    // Moved there, the next API answer would find it moved already and set no cookie: the browser's copy would lapse.
    const { expiresAt } = await app.db.prisma.session.findUniqueOrThrow({ where: { id: sessionId } })
    expect(expiresAt.getTime()).toBe(due.getTime())
  })
})

describe('the first admin from the environment', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ seed: false })
    await app.db.prisma.user.deleteMany({})
  })
  afterAll(async () => app?.close())

  it('refuses a password shorter than every other new password may be, and creates nobody', async () => {
    const env = { AGENTLOOM_ADMIN_EMAIL: 'first@example.test', AGENTLOOM_ADMIN_PASSWORD: 'short-pw' }
    const failure = await prepareFirstAdmin(app, env, () => {}).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(FirstAdminConfigError)
    expect((failure as Error).message).toBe('AGENTLOOM_ADMIN_PASSWORD: Use at least 12 characters.')
    expect(await app.db.prisma.user.count()).toBe(0)
    await prepareFirstAdmin(app, { ...env, AGENTLOOM_ADMIN_PASSWORD: 'a-long-enough-password' }, () => {})
    expect(await app.db.prisma.user.count()).toBe(1)
  })
})
