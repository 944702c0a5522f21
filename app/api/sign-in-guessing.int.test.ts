/**
 * Password guessing over real HTTP, as an attacker sends it: the client's address is the socket's
 * (X-Forwarded-For counts only from a listed proxy), each e-mail address is locked after five
 * failures whichever addresses they came from, unknown and known addresses cost the same work, and
 * a password change signs out every other session. The raw request hook (installed as
 * instrumentation.ts installs it under `next start`) stamps the address; 127.0.0.2 plays the proxy.
 */
import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passwordHasher } from '@/lib/server/auth/password-hashing'
import { FAILURES_BEFORE_LOCK, SignInThrottle } from '@/lib/server/auth/sign-in-throttle'
import { installRawRequestGuard } from '@/lib/server/raw-request-guard'
import { hostRoutes, type RouteHttpHost } from '@/lib/server/testing/route-http-host'
import { callRoute, createTestApp, type TestApp, type TestUser } from '@/lib/server/testing/test-app'
import * as passwordRoute from './me/password/route'
import * as meRoute from './me/route'

const PROXY_ADDRESS = '127.0.0.2'

interface Answer {
  status: number
  retryAfter: string | undefined
  body: { error?: { code: string; message: string; details?: { retryAfterSeconds: number } } }
  cookie: string
}

// Every wrong password costs a real scrypt hash: on a loaded machine a test's handful of sign-ins can take
// longer than the default 30 s, and a test cut short leaves a hash running into the next one.
describe('password sign-in under guessing', { timeout: 180_000 }, () => {
  let app: TestApp
  let host: RouteHttpHost
  let member: TestUser
  const savedProxies = process.env.AGENTLOOM_TRUSTED_PROXIES
  let removeRawRequestGuard = () => {}
  beforeAll(async () => {
    process.env.AGENTLOOM_TRUSTED_PROXIES = PROXY_ADDRESS
    removeRawRequestGuard = installRawRequestGuard()
    app = await createTestApp({ seed: false, rateLimit: true })
    member = await app.addUser('member')
    host = await hostRoutes([{ pattern: '/api/auth/sign-in/email', load: () => import('./auth/[...all]/route') }])
  })
  afterAll(async () => {
    // Test files share a process (vitest.config.ts): the next one trusts no proxy and has no guard, as it would alone.
    removeRawRequestGuard()
    if (savedProxies === undefined) delete process.env.AGENTLOOM_TRUSTED_PROXIES
    else process.env.AGENTLOOM_TRUSTED_PROXIES = savedProxies
    await host?.close()
    await app?.close()
  })

  /** POST /api/auth/sign-in/email from `from` (a loopback address of this machine), with extra headers. */
  function signIn(email: string, password: string, { from = '127.0.0.1', headers = {} }: { from?: string; headers?: Record<string, string> } = {}) {
    const url = new URL('/api/auth/sign-in/email', host.url)
    const body = JSON.stringify({ email, password })
    return new Promise<Answer>((resolve, reject) => {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          localAddress: from,
          headers: { 'content-type': 'application/json', origin: url.origin, 'content-length': Buffer.byteLength(body), ...headers },
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
          res.on('end', () => {
            const retryAfter = res.headers['retry-after']
            const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ')
            resolve({
              status: res.statusCode ?? 0,
              retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
              body: text ? JSON.parse(text) : {},
              cookie,
            })
          })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  it('ignores X-Forwarded-For from an untrusted peer: rotating it does not buy more guesses', async () => {
    const statuses: number[] = []
    let last: Answer | undefined
    for (let i = 1; i <= 5; i++) {
      last = await signIn('rotating@example.test', `guess-${i}`, {
        headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-agentloom-client-address': `203.0.113.${i}` },
      })
      statuses.push(last.status)
    }
    // Better Auth allows 3 password sign-ins per 10 s per address; the address stayed 127.0.0.1.
    expect(statuses).toEqual([401, 401, 401, 429, 429])
    expect(last?.body.error?.code).toBe('too_many_requests')
    expect(Number(last?.retryAfter)).toBeGreaterThan(0)
  })

  it("honours a trusted proxy's X-Forwarded-For: the client behind it is limited, not the proxy", async () => {
    const asClient = (client: string, i: number) =>
      signIn(`behind-proxy-${client}@example.test`, `guess-${i}`, { from: PROXY_ADDRESS, headers: { 'x-forwarded-for': `spoofed, ${client}` } })
    const first = [await asClient('192.0.2.10', 1), await asClient('192.0.2.10', 2), await asClient('192.0.2.10', 3), await asClient('192.0.2.10', 4)]
    expect(first.map((answer) => answer.status)).toEqual([401, 401, 401, 429])
    // Another client through the same proxy has its own allowance.
    expect((await asClient('192.0.2.11', 1)).status).toBe(401)
  })

  it('locks an e-mail address after five failures from two addresses, before any password is checked, even the right one', async () => {
    const victim = await app.addUser('member')
    const clients = ['192.0.2.21', '192.0.2.22']
    const statuses: number[] = []
    for (let i = 0; i < FAILURES_BEFORE_LOCK; i++) {
      statuses.push((await signIn(victim.email, `guess-${i}`, { from: PROXY_ADDRESS, headers: { 'x-forwarded-for': clients[i % 2] } })).status)
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401])

    const before = passwordHasher.operations
    const locked = await signIn(victim.email.toUpperCase(), victim.password, { from: PROXY_ADDRESS, headers: { 'x-forwarded-for': '192.0.2.23' } })
    expect(locked.status).toBe(429)
    expect(locked.body.error?.code).toBe('sign_in_locked')
    expect(locked.body.error?.message).toMatch(/try again in a minute/i)
    expect(Number(locked.retryAfter)).toBeGreaterThan(0)
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(60)
    expect(locked.body.error?.details?.retryAfterSeconds).toBe(Number(locked.retryAfter))
    expect(passwordHasher.operations).toBe(before)

    // Each failure and the lockout are security events in the audit log, with the client's address and no password.
    const entries = await app.db.prisma.auditLog.findMany({ where: { resourceType: 'sign_in', resourceId: victim.email }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((entry) => entry.action)).toEqual([...Array(FAILURES_BEFORE_LOCK).fill('sign_in.failure'), 'sign_in.lock'])
    expect(entries.map((entry) => (entry.details as { clientAddress: string }).clientAddress)).toEqual([...clients, ...clients, clients[0], clients[0]])
    expect(entries.at(-1)?.details).toMatchObject({ lockedForSeconds: 60 })
    expect(JSON.stringify(entries)).not.toContain('guess-')
  })

  it('keeps the lockout in Postgres, doubling with each further run of failures and cleared by a success', async () => {
    let now = Date.UTC(2026, 0, 1)
    const throttle = new SignInThrottle(app.db.prisma, () => new Date(now))
    // A second throttle, as another process would have, sees the same state.
    const elsewhere = new SignInThrottle(app.db.prisma, () => new Date(now))
    const failRun = async () => {
      for (let i = 0; i < FAILURES_BEFORE_LOCK; i++) await (i % 2 ? elsewhere : throttle).recordFailure('clocked@example.test')
    }
    await failRun()
    expect(await elsewhere.secondsLocked('clocked@example.test')).toBe(60)
    now += 60_000
    expect(await throttle.secondsLocked('clocked@example.test')).toBe(0)
    await failRun()
    expect(await elsewhere.secondsLocked('clocked@example.test')).toBe(120)
    await throttle.recordSuccess('clocked@example.test')
    expect(await throttle.secondsLocked('clocked@example.test')).toBe(0)
  })

  it('counts failures that arrive at once from several processes, each exactly once', async () => {
    const now = Date.UTC(2026, 0, 2)
    const processes = [0, 1].map(() => new SignInThrottle(app.db.prisma, () => new Date(now)))
    await Promise.all(Array.from({ length: FAILURES_BEFORE_LOCK }, (_, i) => processes[i % 2].recordFailure('at-once@example.test')))
    expect(await processes[0].secondsLocked('at-once@example.test')).toBe(60)
  })

  it('does the same password hashing work for an unknown address as for a known one', async () => {
    const work = async (email: string) => {
      const before = passwordHasher.operations
      const answer = await signIn(email, 'not-the-password', {
        from: PROXY_ADDRESS,
        headers: { 'x-forwarded-for': `192.0.2.${40 + (passwordHasher.operations % 50)}` },
      })
      expect(answer.status).toBe(401)
      return passwordHasher.operations - before
    }
    expect(await work('nobody-here@example.test')).toBe(1)
    expect(await work(member.email)).toBe(1)
  })

  it('signs out every other session on a password change, keeps the one that made it and the API tokens', async () => {
    const person = await app.addUser('member')
    const here = await signIn(person.email, person.password, { from: PROXY_ADDRESS, headers: { 'x-forwarded-for': '192.0.2.31' } })
    const elsewhere = await signIn(person.email, person.password, { from: PROXY_ADDRESS, headers: { 'x-forwarded-for': '192.0.2.32' } })
    expect([here.status, elsewhere.status]).toEqual([200, 200])
    const meWith = (cookie: string) => callRoute(meRoute.GET, { as: null, headers: { cookie } })
    expect((await meWith(elsewhere.cookie)).status).toBe(200)

    const changed = await callRoute(passwordRoute.POST, {
      as: null,
      headers: { cookie: here.cookie },
      body: { currentPassword: person.password, newPassword: 'a-brand-new-password' },
    })
    expect(changed.status).toBe(200)
    const recorded = await app.db.prisma.auditLog.findMany({ where: { action: 'user.password_change', resourceId: person.id } })
    expect(recorded.map((entry) => entry.actorId)).toEqual([person.id])
    expect((await meWith(here.cookie)).status).toBe(200)
    expect((await meWith(elsewhere.cookie)).status).toBe(401)
    expect((await callRoute(meRoute.GET, { as: person })).status).toBe(200)
  })
})
