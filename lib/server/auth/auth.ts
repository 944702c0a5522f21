/**
 * Sign-in, on Better Auth: email and password, and any OpenID Connect provider configured by
 * environment. Sessions, accounts and users live in Postgres through Prisma like every other table.
 * Public sign-up is off: people join through the first-admin setup link, an admin's invitation,
 * or the admin command line (lib/server/auth/users.ts creates them).
 */
import { betterAuth } from 'better-auth'
import { prismaAdapter } from 'better-auth/adapters/prisma'
import { nextCookies } from 'better-auth/next-js'
import { admin } from 'better-auth/plugins/admin'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { CLIENT_ADDRESS_HEADER } from '../client-address'
import type { Prisma } from '../db/database'
import { deriveKey } from '../secrets/master-key'
import { oidcAccountPolicyFromEnv, oidcUserInfoGate, type OidcAccountPolicy } from './oidc-policy'
import { passwordHasher as defaultPasswordHasher, type PasswordHasher } from './password-hashing'
import { createPersonalWorkspace } from './personal-workspace'
import { DEFAULT_SESSION_LIFETIME, sessionRefreshSeconds, type SessionLifetime } from './session-lifetime'

export const AUTH_BASE_PATH = '/api/auth'
/** The OIDC provider's id in callback URLs: /api/auth/callback/oidc */
export const OIDC_PROVIDER_ID = 'oidc'

export interface OidcConfig {
  issuer: string
  clientId: string
  clientSecret: string
  /** What the sign-in button says. */
  name: string
  /** Who may sign in through it: people with an account, and others only if sign-up is on. */
  accounts: OidcAccountPolicy
}

/** AGENTLOOM_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET (and optional _NAME): all three or none; _SIGNUP and _ALLOWED_DOMAINS (oidc-policy.ts). */
export function oidcConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): OidcConfig | undefined {
  const issuer = env.AGENTLOOM_OIDC_ISSUER?.trim()
  const clientId = env.AGENTLOOM_OIDC_CLIENT_ID?.trim()
  const clientSecret = env.AGENTLOOM_OIDC_CLIENT_SECRET?.trim()
  if (!issuer && !clientId && !clientSecret) return undefined
  if (!issuer || !clientId || !clientSecret) {
    throw new Error('OpenID Connect sign-in needs AGENTLOOM_OIDC_ISSUER, AGENTLOOM_OIDC_CLIENT_ID and AGENTLOOM_OIDC_CLIENT_SECRET together.')
  }
  return {
    issuer: issuer.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    name: env.AGENTLOOM_OIDC_NAME?.trim() || 'single sign-on',
    accounts: oidcAccountPolicyFromEnv(env),
  }
}

export interface AuthOptions {
  prisma: Prisma
  masterKey: Buffer
  /** The app's public URL when it is fixed (AGENTLOOM_PUBLIC_URL); otherwise taken from each request's Host, which the gate before routes has checked (request-gate.ts). */
  publicUrl?: string
  oidc?: OidcConfig
  /** Better Auth's per-client-address limits (3 password sign-ins per 10 s): on in production, where Better Auth turns them on. */
  rateLimit?: boolean
  passwordHasher?: PasswordHasher
  sessionLifetime?: SessionLifetime
}

export function createAuth({
  prisma,
  masterKey,
  publicUrl,
  oidc,
  rateLimit = process.env.NODE_ENV === 'production',
  passwordHasher = defaultPasswordHasher,
  sessionLifetime = DEFAULT_SESSION_LIFETIME,
}: AuthOptions) {
  return betterAuth({
    appName: 'Agentloom',
    basePath: AUTH_BASE_PATH,
    // Server-side calls (the admin command line, first-admin setup) have no request: the fallback names the app.
    baseURL: publicUrl ?? { allowedHosts: ['*'], fallback: 'http://localhost' },
    secret: deriveKey(masterKey, 'auth-cookies').toString('base64'),
    database: prismaAdapter(prisma, { provider: 'postgresql' }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      // New passwords are held to 12 by lib/contracts/accounts.ts; 8 here lets passwords set before that still sign in.
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: passwordHasher.hash, verify: passwordHasher.verify },
    },
    // Kept in this process's memory: the per-account lockout (sign-in-throttle.ts) is the limit shared by all processes.
    rateLimit: { enabled: rateLimit, storage: 'memory' },
    // The idle limit slides with use; the absolute one is checked on every use (session-principal.ts).
    session: { expiresIn: sessionLifetime.idleSeconds, updateAge: sessionRefreshSeconds(sessionLifetime) },
    // Same-origin requests only: the request's own origin is trusted, nothing else.
    trustedOrigins: (request) => (request ? sameOrigins(request) : []),
    user: { additionalFields: {}, ...(oidc ? { validateUserInfo: oidcUserInfoGate(OIDC_PROVIDER_ID, oidc.accounts) } : {}) },
    // Every way a user is made (setup, invitation, admin, command line, OIDC sign-up) passes here: each gets a personal workspace.
    databaseHooks: { user: { create: { after: async (user) => void (await createPersonalWorkspace(prisma, user)) } } },
    // Users are made by admins, who typed their address: nobody confirmed it by mail. The OIDC
    // provider saying the address is verified (never trusted without that) is what links it.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: false } },
    // A refused provider sign-in comes back to the sign-in page, which says why (?error=code).
    onAPIError: { errorURL: '/sign-in' },
    // Secure cookies only when the app is served over HTTPS (AGENTLOOM_PUBLIC_URL=https://…): a
    // browser drops a Secure cookie set over plain http on a LAN address, and sign-in would fail.
    // The client's address comes from the socket (or a trusted proxy), stamped by raw-request-guard.ts over
    // whatever the client sent; X-Forwarded-For itself is never believed (client-address.ts).
    advanced: { useSecureCookies: publicUrl?.startsWith('https://') ?? false, ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } },
    plugins: [
      admin({ defaultRole: 'member', adminRoles: ['admin'] }),
      ...(oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oidc.clientId,
                  clientSecret: oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                  // Identity comes from an ID token checked against the provider's published keys.
                  requireIdTokenVerification: true,
                  // Deny by default: an unknown address gets no account unless AGENTLOOM_OIDC_SIGNUP=on.
                  disableSignUp: !oidc.accounts.signUp,
                },
              ],
            }),
          ]
        : []),
      nextCookies(),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

/**
 * The request's own origin: its URL's, and the one its Host header names (Next may build
 * request.url from the address it listens on rather than the name the browser used; the gate
 * before routes, request-gate.ts, has already refused Host names the app does not answer to).
 */
function sameOrigins(request: Request): string[] {
  const origins = [new URL(request.url).origin]
  const host = request.headers.get('host')
  if (host) origins.push(`http://${host}`, `https://${host}`)
  return origins
}
