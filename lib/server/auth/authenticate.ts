/**
 * Finds the principal behind a request: an `Authorization: Bearer` API token when the header is
 * there (and nothing else then, so a bad token is never rescued by a cookie), else the session
 * cookie Better Auth set at sign-in. Disabled users are nobody.
 *
 * A browser session's idle limit slides with use (session-lifetime.ts): when it is due, Better Auth moves the
 * session's expiry forward and sets the cookie again with a new lifetime. Only an answer that carries that cookie
 * back may move it (`authenticateRequest`, for API routes): the browser drops the cookie when its own lifetime ends,
 * whatever the database says, so an expiry moved where no cookie follows (a page render, a socket's upgrade) would
 * only make the next API answer think the cookie was renewed already.
 */
import type { Auth } from './auth'
import type { ApiTokenService } from './api-tokens'
import { isAPIError } from 'better-auth/api'
import { DomainError } from '../domain-errors'
import type { SqlRunner } from '../db/sql'
import type { WatchedCache } from '../db/watched-cache'
import { loadWorkspaceAccess, type WorkspaceAccess } from './memberships'
import { toRole, type Principal } from './principal'
import { keptSession, sessionKey, type KeptSession, type KeptSessions, type SessionLook } from './kept-sessions'
import { sessionRefreshSeconds, withinMaxLifetime, type SessionLifetime } from './session-lifetime'

export interface Authenticator {
  auth: Auth
  apiTokens: ApiTokenService
  sessionLifetime: SessionLifetime
  db: { sql: Pick<SqlRunner, 'query'> }
  /** By user id: their workspaces as last read, kept until a change to them is announced (db/row-change-watch.ts). */
  workspaceAccess?: Pick<WatchedCache<WorkspaceAccess>, 'get'>
  /** Browser sessions as Better Auth last found them, kept until a change to them is announced (kept-sessions.ts). */
  sessions?: KeptSessions
}

/** Who a request is from, and the `Set-Cookie` values its answer carries (the session cookie, moved forward or ended). */
export interface Authentication {
  principal: Principal | null
  setCookies: string[]
}

type SessionAuthenticator = Pick<Authenticator, 'auth' | 'sessionLifetime' | 'db' | 'workspaceAccess' | 'sessions'>

/** The principal behind an API request, whose answer carries `setCookies`: a session in use moves forward here. */
export function authenticateRequest(request: Request, authenticator: Authenticator): Promise<Authentication> {
  return authenticateWith(request, authenticator, true)
}

/** The principal behind a request whose answer carries no cookie (a socket's upgrade, an MCP call): a session is not moved forward. */
export async function authenticate(request: Request, authenticator: Authenticator): Promise<Principal | null> {
  return (await authenticateWith(request, authenticator, false)).principal
}

async function authenticateWith(request: Request, authenticator: Authenticator, moveForward: boolean): Promise<Authentication> {
  const token = bearerToken(request.headers)
  if (token !== undefined) return { principal: token ? await authenticator.apiTokens.authenticate(token).catch(unlessLookupFailed) : null, setCookies: [] }
  if (!request.headers.get('cookie')) return { principal: null, setCookies: [] }
  return sessionOf(request.headers, authenticator, moveForward)
}

/** The token of an `Authorization: Bearer` header; null for any other authorization; undefined without the header. */
function bearerToken(headers: Headers): string | null | undefined {
  const authorization = headers.get('authorization')
  if (authorization === null) return undefined
  return /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)?.[1] ?? null
}

/** The person behind a session cookie, for a page render (its answer sets no cookie): the session is not moved forward. */
export async function sessionPrincipal(headers: Headers, authenticator: SessionAuthenticator): Promise<Principal | null> {
  return (await sessionOf(headers, authenticator, false)).principal
}

/**
 * The person behind a session cookie: nobody when Better Auth refuses the session, when the user is disabled, or when
 * the session has outlived its absolute limit (it slides while used, so Better Auth alone would keep it forever). With
 * `moveForward`, a session due for it is moved forward, and Better Auth's new cookie is among `setCookies`.
 */
async function sessionOf(headers: Headers, authenticator: SessionAuthenticator, moveForward: boolean): Promise<Authentication> {
  const { sessionLifetime, db, workspaceAccess, sessions } = authenticator
  const look = () => lookAtSession(headers, authenticator, moveForward)
  const key = sessionKey(headers)
  const { session, setCookies } = await (sessions && key ? keptSession(sessions, key, look, moveForward) : look())
  if (!session || session.banned) return { principal: null, setCookies }
  if (!withinMaxLifetime(new Date(session.createdAt), sessionLifetime)) return { principal: null, setCookies }
  const principal: Principal = {
    userId: session.userId,
    email: session.email,
    name: session.name,
    role: toRole(session.role),
    via: 'session',
    sessionId: session.sessionId,
    // Better Auth's lookup cannot join them in: one more statement, for browser sessions only (API tokens read them in
    // theirs), unless this process has them from the person's last request.
    ...(await accessOf(session.userId, db, workspaceAccess).catch(lookupFailed)),
  }
  return { principal, setCookies }
}

/** Better Auth's look at the session of these cookies; with `moveForward`, it moves one that is due and sets the cookie. */
async function lookAtSession(headers: Headers, { auth, sessionLifetime }: SessionAuthenticator, moveForward: boolean): Promise<SessionLook> {
  const answer = await auth.api
    .getSession({ headers, returnHeaders: true, query: moveForward ? undefined : { disableRefresh: true } })
    .catch(unlessLookupFailed)
  const setCookies = answer?.headers.getSetCookie() ?? []
  const found = answer?.response
  if (!found) return { session: null, setCookies }
  const expiresAt = new Date(found.session.expiresAt).getTime()
  // Better Auth's own rule: moved once its expiry is nearer than the idle limit less the refresh step.
  const moveDueAt = expiresAt - sessionLifetime.idleSeconds * 1000 + sessionRefreshSeconds(sessionLifetime) * 1000
  const session: KeptSession = {
    sessionId: found.session.id,
    userId: found.user.id,
    email: found.user.email,
    name: found.user.name,
    role: found.user.role,
    banned: found.user.banned === true,
    createdAt: new Date(found.session.createdAt).getTime(),
    expiresAt,
    moveDueAt,
  }
  return { session, setCookies }
}

function accessOf(userId: string, db: Authenticator['db'], kept: Authenticator['workspaceAccess']): Promise<WorkspaceAccess> {
  const read = () => loadWorkspaceAccess(db.sql, userId)
  return kept ? kept.get(userId, read) : read()
}

/**
 * A credential Better Auth refuses is nobody (401 follows); a lookup that failed (the database is down) is not a
 * verdict on the credential: 503, so that clients retry instead of sending the person to sign in again.
 */
function lookupFailed(error: unknown, what = 'the workspaces'): never {
  console.error(`[auth] could not look up ${what}:`, error)
  throw new DomainError('service_unavailable', 'The server cannot check your sign-in right now. Try again in a moment.')
}

function unlessLookupFailed(error: unknown): null {
  // Better Auth answers a credential it refuses with a 4xx APIError, and wraps a failing database in a 5xx one.
  if (isAPIError(error) && error.statusCode < 500) return null
  return lookupFailed(error, 'the credential')
}
