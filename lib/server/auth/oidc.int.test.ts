/**
 * OpenID Connect sign-in end to end, against a real provider on loopback: the browser's part is
 * played by fetch with a cookie jar, the app's by its Better Auth route handler. Deny by default:
 * existing people are signed in (their provider account linked), unknown and disabled ones are
 * sent back to the sign-in page with a reason, and sign-up happens only when it is switched on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GET as authGet, POST as authPost } from '@/app/api/auth/[...all]/route'
import { GET as getMe } from '@/app/api/me/route'
import type { MeView } from '@/lib/contracts/accounts'
import { startLoopbackOidcProvider, type LoopbackOidcProvider, type OidcIdentity } from '../testing/loopback-oidc-provider'
import { callRoute, createTestApp, principalOf, type TestApp } from '../testing/test-app'
import { OIDC_PROVIDER_ID, type OidcConfig } from './auth'
import type { OidcAccountPolicy } from './oidc-policy'
import { UserAdminService } from './user-admin'

const APP_ORIGIN = 'http://localhost:3000'

/** What a browser keeps for the app's origin: its cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>()

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const name = pair.slice(0, pair.indexOf('=')).trim()
      const value = pair.slice(pair.indexOf('=') + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute)) || value === ''
      if (expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  has(suffix: string): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith(suffix))
  }
}

/** A request to the app's /api/auth/*, the way Next hands it to the route. */
async function callAuth(jar: CookieJar, url: string, init: { method: 'GET' | 'POST'; body?: unknown } = { method: 'GET' }): Promise<Response> {
  const request = new Request(new URL(url, APP_ORIGIN), {
    method: init.method,
    headers: { cookie: jar.header(), ...(init.body === undefined ? {} : { 'content-type': 'application/json', origin: APP_ORIGIN }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const response = init.method === 'POST' ? await authPost(request) : await authGet(request)
  jar.take(response)
  return response
}

/**
 * Clicks "Sign in with …", lets the provider sign `identity` in, and follows it back to the app's
 * callback. Gives the address the app finally sends the browser to.
 */
async function signInThroughProvider(provider: LoopbackOidcProvider, jar: CookieJar, identity: OidcIdentity): Promise<string> {
  provider.signInAs(identity)
  // What the sign-in page's button sends (components/account/account-api.ts).
  const start = await callAuth(jar, '/api/auth/sign-in/social', {
    method: 'POST',
    body: { provider: OIDC_PROVIDER_ID, callbackURL: '/workflows', errorCallbackURL: '/sign-in?next=%2Fworkflows', disableRedirect: true },
  })
  expect(start.status).toBe(200)
  const { url: authorizeUrl } = (await start.json()) as { url: string }
  expect(authorizeUrl.startsWith(`${provider.issuer}/authorize?`)).toBe(true)

  const consent = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(consent.status).toBe(302)
  const callbackUrl = new URL(consent.headers.get('location') ?? '')
  expect(`${callbackUrl.origin}${callbackUrl.pathname}`).toBe(`${APP_ORIGIN}/api/auth/callback/${OIDC_PROVIDER_ID}`)
  expect(callbackUrl.searchParams.get('code')).toBeTruthy()

  const landing = await callAuth(jar, callbackUrl.toString())
  expect(landing.status).toBe(302)
  return landing.headers.get('location') ?? ''
}

async function me(jar: CookieJar) {
  return callRoute(getMe, { as: null, url: `${APP_ORIGIN}/api/me`, headers: { cookie: jar.header() } })
}

/** The reason a refused sign-in lands on the sign-in page with. */
function refusal(location: string): string | null {
  const url = new URL(location, APP_ORIGIN)
  if (url.pathname !== '/sign-in') return null
  expect(url.searchParams.get('next')).toBe('/workflows')
  return url.searchParams.get('error')
}

function identityFor(email: string, extra: Partial<OidcIdentity> = {}): OidcIdentity {
  return { sub: `sub-${email}`, email, ...extra }
}

async function startApp(accounts: OidcAccountPolicy): Promise<{ app: TestApp; provider: LoopbackOidcProvider }> {
  const provider = await startLoopbackOidcProvider()
  const oidc: OidcConfig = { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret, name: 'Loopback', accounts }
  const app = await createTestApp({ seed: false, oidc })
  return { app, provider }
}

describe('OpenID Connect sign-in, sign-up off (the default)', () => {
  let app: TestApp
  let provider: LoopbackOidcProvider

  beforeAll(async () => {
    ;({ app, provider } = await startApp({ signUp: false, allowedDomains: [] }))
  })

  afterAll(async () => {
    await app?.close()
    await provider?.close()
  })

  it('signs an existing user in, links their provider account, and finds it by the link next time', async () => {
    const member = await app.addUser('member')
    const identity = identityFor(member.email.toUpperCase(), { sub: 'subject-of-member' })

    const jar = new CookieJar()
    expect(await signInThroughProvider(provider, jar, identity)).toBe('/workflows')
    expect(jar.has('session_token')).toBe(true)
    const { status, body } = await me(jar)
    expect(status).toBe(200)
    expect(body as MeView).toMatchObject({ id: member.id, email: member.email, role: 'member', via: 'session' })

    const linked = await app.db.prisma.account.findMany({ where: { userId: member.id, providerId: OIDC_PROVIDER_ID } })
    expect(linked.map((account) => account.accountId)).toEqual(['subject-of-member'])

    // The provider's address may change; the link (its subject) still names the same person.
    const again = new CookieJar()
    expect(await signInThroughProvider(provider, again, { ...identity, email: 'renamed@elsewhere.test' })).toBe('/workflows')
    expect((await me(again)).body).toMatchObject({ id: member.id })
    expect(await app.db.prisma.user.count({ where: { email: 'renamed@elsewhere.test' } })).toBe(0)
  })

  it('refuses an unknown address and creates nobody', async () => {
    const usersBefore = await app.db.prisma.user.count()
    const exchangesBefore = provider.tokensIssued
    const jar = new CookieJar()

    const location = await signInThroughProvider(provider, jar, identityFor('stranger@example.test'))

    expect(refusal(location)).toBe('signup_disabled')
    expect(jar.has('session_token')).toBe(false)
    expect((await me(jar)).status).toBe(401)
    expect(await app.db.prisma.user.count()).toBe(usersBefore)
    // Refused by the app after the provider signed them in, not by a broken flow.
    expect(provider.tokensIssued).toBe(exchangesBefore + 1)
  })

  it('does not link an existing user when the provider has not verified the address', async () => {
    const member = await app.addUser('member')
    const jar = new CookieJar()

    const location = await signInThroughProvider(provider, jar, identityFor(member.email, { emailVerified: false }))

    expect(refusal(location)).toBe('account_not_linked')
    expect(jar.has('session_token')).toBe(false)
    expect(await app.db.prisma.account.count({ where: { userId: member.id, providerId: OIDC_PROVIDER_ID } })).toBe(0)
  })

  it('refuses a disabled user, linked or not', async () => {
    const member = await app.addUser('member')
    const identity = identityFor(member.email)
    expect(await signInThroughProvider(provider, new CookieJar(), identity)).toBe('/workflows')
    const other = await app.addUser('member')
    const admins = new UserAdminService(app)
    await admins.update(principalOf(app.admin), member.id, { disabled: true })
    await admins.update(principalOf(app.admin), other.id, { disabled: true })

    for (const person of [identity, identityFor(other.email)]) {
      const jar = new CookieJar()
      expect(refusal(await signInThroughProvider(provider, jar, person))).toBe('BANNED_USER')
      expect(jar.has('session_token')).toBe(false)
      expect((await me(jar)).status).toBe(401)
    }
  })
})

describe('OpenID Connect sign-in with AGENTLOOM_OIDC_SIGNUP=on for example.com', () => {
  let app: TestApp
  let provider: LoopbackOidcProvider

  beforeAll(async () => {
    ;({ app, provider } = await startApp({ signUp: true, allowedDomains: ['example.com'] }))
  })

  afterAll(async () => {
    await app?.close()
    await provider?.close()
  })

  it('creates a member for a verified address of an allowed domain', async () => {
    const jar = new CookieJar()

    expect(await signInThroughProvider(provider, jar, identityFor('newcomer@Example.com', { name: 'New Comer' }))).toBe('/workflows')

    const { status, body } = await me(jar)
    expect(status).toBe(200)
    expect(body as MeView).toMatchObject({ email: 'newcomer@example.com', name: 'New Comer', role: 'member', via: 'session' })
    const user = await app.db.prisma.user.findUniqueOrThrow({ where: { email: 'newcomer@example.com' }, include: { accounts: true } })
    expect(user.accounts.map((account) => [account.providerId, account.accountId])).toEqual([[OIDC_PROVIDER_ID, 'sub-newcomer@Example.com']])
  })

  it('refuses other domains and unverified addresses, creating nobody', async () => {
    const usersBefore = await app.db.prisma.user.count()
    const cases: Array<[OidcIdentity, string]> = [
      [identityFor('someone@other.org'), 'oidc_domain_not_allowed'],
      [identityFor('someone@sub.example.com'), 'oidc_domain_not_allowed'],
      [identityFor('unverified@example.com', { emailVerified: false }), 'oidc_email_not_verified'],
    ]
    for (const [identity, reason] of cases) {
      const jar = new CookieJar()
      expect(refusal(await signInThroughProvider(provider, jar, identity))).toBe(reason)
      expect(jar.has('session_token')).toBe(false)
    }
    expect(await app.db.prisma.user.count()).toBe(usersBefore)
  })
})
