/**
 * Browser sessions kept in memory (kept-sessions.ts) against real Postgres and real Better Auth: once looked at, a
 * session is given with no statement; a sign-out, a ban or a new name is forgotten at once by the process that made it
 * (the trigger's NOTICE) and by another once it commits (its NOTIFY); and time is checked on every use, so a kept
 * session is never given past its expiry, and is moved forward (the cookie set again) exactly when Better Auth would.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AppContext } from '../app-context'
import { ROW_CHANGES_CHANNEL } from '../db/row-change-watch'
import { WatchedCache } from '../db/watched-cache'
import { anotherProcessApp, databaseNameOf, keptOnceRead, statementsOf as statementsIn } from '../testing/kept-rows'
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app'
import { waitFor } from '../testing/wait-for'
import { authenticateRequest, sessionPrincipal } from './authenticate'
import type { KeptSession } from './kept-sessions'

const MINUTE = 60_000
/** Long enough that only an announcement, never the age, can make a session be looked at again within a test. */
const HOUR = 3_600_000

describe('browser sessions kept in memory while their changes can be heard', () => {
  let app: TestApp
  let databaseName: string
  /** A second app on the same database (its own pools and listening connection): another process, as Postgres sees it. */
  let other: AppContext

  beforeAll(async () => {
    app = await createTestApp({ install: false, seed: false })
    databaseName = await databaseNameOf(app)
    const assembled = await anotherProcessApp(app)
    other = { ...assembled, sessions: new WatchedCache<KeptSession | null>(assembled.rowChanges, 'sessions', { maxAgeMs: HOUR }) }
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  afterAll(async () => {
    await other?.notifications.close()
    await other?.db.close()
    await app?.close()
  })

  async function signIn(user: TestUser): Promise<Headers> {
    const response = await app.auth.api.signInEmail({ body: { email: user.email, password: user.password }, asResponse: true })
    return new Headers({
      cookie: response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    })
  }

  const statementsOf = (work: () => Promise<unknown>) => statementsIn(databaseName, work)
  const kept = <T>(look: () => Promise<T>) => keptOnceRead(databaseName, look)

  const expiryOf = async (sessionId: string) => (await app.db.prisma.session.findUniqueOrThrow({ where: { id: sessionId } })).expiresAt.getTime()

  it("keeps a session once looked at: the person's next requests send no statement", async () => {
    const user = await app.addUser()
    const headers = await signIn(user)
    // Better Auth's look is two statements (the session, its user), beside the workspaces' one.
    app.rowChanges.generation('sessions')
    await waitFor(async () => app.notifications.isListening(ROW_CHANGES_CHANNEL) || undefined)
    expect(await statementsOf(() => sessionPrincipal(headers, app))).toBeGreaterThanOrEqual(2)
    const principal = await kept(() => sessionPrincipal(headers, app))
    expect(principal).toMatchObject({ userId: user.id, email: user.email, via: 'session' })
    // So is an API request's look, while the session is not due to move forward.
    expect(await statementsOf(() => authenticateRequest(new Request('http://agentloom.test/api/me', { headers }), app))).toBe(0)
  })

  it('forgets at once a session signed out, and a ban and a new name of its person', async () => {
    const user = await app.addUser()
    const signedOut = await signIn(user)
    const banned = await signIn(user)
    await kept(() => sessionPrincipal(signedOut, app))
    await kept(() => sessionPrincipal(banned, app))

    await app.auth.api.signOut({ headers: signedOut })
    expect(await sessionPrincipal(signedOut, app)).toBeNull()

    await app.db.prisma.user.update({ where: { id: user.id }, data: { name: 'Renamed' } })
    expect((await sessionPrincipal(banned, app))?.name).toBe('Renamed')
    await app.db.prisma.user.update({ where: { id: user.id }, data: { banned: true } })
    expect(await sessionPrincipal(banned, app)).toBeNull()
  })

  it('is forgotten by another process once the sign-out commits', async () => {
    const user = await app.addUser()
    const headers = await signIn(user)
    expect(await kept(() => sessionPrincipal(headers, other))).toMatchObject({ userId: user.id })
    await app.auth.api.signOut({ headers })
    await waitFor(async () => ((await sessionPrincipal(headers, other)) === null ? true : undefined))
  })

  it('moves a kept session forward when it is due, and sets the cookie again, as Better Auth alone would', async () => {
    const user = await app.addUser()
    const headers = await signIn(user)
    const principal = (await kept(() => sessionPrincipal(headers, app)))!
    const signedInExpiry = await expiryOf(principal.sessionId!)
    const request = () => authenticateRequest(new Request('http://agentloom.test/api/me', { headers }), app)

    // Four minutes on, not yet due (the refresh step is 5 of the 30-minute idle limit): kept, nothing set.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * MINUTE })
    expect(await statementsOf(request)).toBe(0)
    expect((await request()).setCookies).toEqual([])

    // Six minutes on, due: Better Auth moves it and sets the cookie; a page's look in between would not have.
    vi.setSystemTime(Date.now() + 2 * MINUTE)
    expect(await sessionPrincipal(headers, app)).toMatchObject({ userId: user.id })
    expect(await expiryOf(principal.sessionId!)).toBe(signedInExpiry)
    const moved = await request()
    expect(moved.principal).toMatchObject({ userId: user.id })
    expect(moved.setCookies.join('\n')).toMatch(/session_token=[^;]+;.*Max-Age=1800/)
    expect(await expiryOf(principal.sessionId!)).toBeGreaterThan(signedInExpiry + 5 * MINUTE)
  })

  it('never gives a kept session past its expiry', async () => {
    const user = await app.addUser()
    const headers = await signIn(user)
    await kept(() => sessionPrincipal(headers, app))
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * MINUTE })
    expect(await sessionPrincipal(headers, app)).toBeNull()
    const refused = await authenticateRequest(new Request('http://agentloom.test/api/me', { headers }), app)
    expect(refused.principal).toBeNull()
  })
})
