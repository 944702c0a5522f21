/**
 * An AppContext on a fresh test database, installed as the process's context so route handlers
 * (which call getServices()) use it. For tests that drive the API the way the browser does.
 * It comes with a signed-up admin, `app.admin`, whose API token callRoute sends unless told
 * otherwise; `app.addUser()` makes more people.
 */
import { randomBytes } from 'node:crypto'
import { assembleAppContext } from '../app-assembly'
import { type AppContext } from '../app-context'
import type { OidcConfig } from '../auth/auth'
import type { OutboundPolicy } from '../outbound/outbound-policy'
import type { Principal, Role } from '../auth/principal'
import { UserService } from '../auth/users'
import { removeLogRedaction } from '../secrets/log-redaction'
import { createTestDatabase } from './test-database'

export interface TestUser {
  id: string
  email: string
  password: string
  role: Role
  /** A personal API token: `Authorization: Bearer <token>`. */
  token: string
  /** The workspace made with the account, which they own. */
  personalWorkspaceId: string
}

export type TestApp = AppContext & {
  admin: TestUser
  addUser(role?: Role, email?: string): Promise<TestUser>
  close(): Promise<void>
}

let defaultCaller: TestUser | null = null

/**
 * `oidc`: sign-in through this OpenID Connect provider (e.g. a loopback one) instead of the environment's.
 * `outbound`: the outbound policy (default: the environment's, which vitest.config.ts opens to loopback).
 * `rateLimit`: Better Auth's per-address limits, as in production (off by default under test, as Better Auth has them).
 */
export async function createTestApp({
  seed = true,
  install = true,
  oidc,
  outbound,
  rateLimit,
  secretStampCheckMs,
}: {
  seed?: boolean
  install?: boolean
  oidc?: OidcConfig
  outbound?: OutboundPolicy
  rateLimit?: boolean
  /** How long the secret vault trusts its last look at what changed (SecretVault); a statement count holds it still. */
  secretStampCheckMs?: number
} = {}): Promise<TestApp> {
  // graphile-worker's schema and (unless told otherwise) the example data, as the app's start gives them.
  const db = await createTestDatabase(seed ? 'app' : 'queue')
  const app = assembleAppContext(db, randomBytes(32), { oidc, rateLimit, secretStampCheckMs, ...(outbound ? { outbound } : {}) })
  if (install) (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp = Promise.resolve(app)
  const users = new UserService(app)
  let counter = 0
  const addUser = async (role: Role = 'member', email = `user${++counter}-${randomBytes(3).toString('hex')}@example.test`): Promise<TestUser> => {
    const password = `pw-${randomBytes(9).toString('base64url')}`
    const user = await users.create({ email, password, role })
    const { token } = await app.apiTokens.create(user.id, 'tests')
    const { personalWorkspaceId } = await db.prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { personalWorkspaceId: true } })
    return { id: user.id, email: user.email, password, role, token, personalWorkspaceId: personalWorkspaceId! }
  }
  const admin = await addUser('admin', 'admin@example.test')
  if (install) defaultCaller = admin
  return {
    ...app,
    admin,
    addUser,
    async close() {
      if (install) {
        delete (globalThis as { __agentloomApp?: Promise<AppContext> }).__agentloomApp
        defaultCaller = null
      }
      await releaseAppContext(app)
      await db.close()
    },
  }
}

/**
 * Lets go of what an assembled app holds beside its database (closed by its opener): test files share a process
 * (vitest.config.ts), so nothing of one app may outlive its file.
 */
export async function releaseAppContext(app: AppContext): Promise<void> {
  // Its secrets leave the log's redactor with it.
  removeLogRedaction(app.secrets)
  // A test that left an approval waiting must not have it query this app's pool after it ends.
  app.approvals.close()
  await app.mcpPool.close()
  // Its listening connection would otherwise keep reconnecting to a database the file dropped.
  await app.notifications.close()
}

/**
 * The Principal a test user's API token authenticates as, for calling services directly: the owner of their personal
 * workspace (and of no other: ask the token, `app.apiTokens.authenticate(user.token)`, for team memberships).
 */
export function principalOf(user: TestUser): Principal {
  return {
    userId: user.id,
    email: user.email,
    name: user.email,
    role: user.role,
    via: 'token',
    personalWorkspaceId: user.personalWorkspaceId,
    memberships: [{ workspaceId: user.personalWorkspaceId, workspaceName: user.email, role: 'owner', approver: false }],
  }
}

export interface CallInit<P> {
  method?: string
  url?: string
  body?: unknown
  rawBody?: string
  params?: P
  headers?: Record<string, string>
  /** Who calls: a test user (their API token), or null for no credentials. Default: the test app's admin. */
  as?: TestUser | null
}

/** Calls a Next route handler the way Next does. */
export async function callRoute<P extends Record<string, string>>(
  handler: (request: Request, context: { params: Promise<P> }) => Promise<Response>,
  init: CallInit<P> = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const caller = init.as === undefined ? defaultCaller : init.as
  const request = new Request(init.url ?? 'http://localhost/api/test', {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? 'POST' : 'GET'),
    headers: { 'content-type': 'application/json', ...(caller ? { authorization: `Bearer ${caller.token}` } : {}), ...init.headers },
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  })
  const response = await handler(request, { params: Promise.resolve((init.params ?? {}) as P) })
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers }
}
