/**
 * Finds the principal behind a request: an `Authorization: Bearer` API token when the header is
 * there (and nothing else then, so a bad token is never rescued by a cookie), else the session
 * cookie Better Auth set at sign-in. Disabled users are nobody.
 */
import type { Auth } from './auth'
import type { ApiTokenService } from './api-tokens'
import { isAPIError } from 'better-auth/api'
import { DomainError } from '../domain-errors'
import type { SqlRunner } from '../db/sql'
import type { WatchedCache } from '../db/watched-cache'
import { loadWorkspaceAccess, type WorkspaceAccess } from './memberships'
import { toRole, type Principal } from './principal'
import { withinMaxLifetime, type SessionLifetime } from './session-lifetime'

export interface Authenticator {
  auth: Auth
  apiTokens: ApiTokenService
  sessionLifetime: SessionLifetime
  db: { sql: Pick<SqlRunner, 'query'> }
  /** By user id: their workspaces as last read, kept until a change to them is announced (db/row-change-watch.ts). */
  workspaceAccess?: Pick<WatchedCache<WorkspaceAccess>, 'get'>
}

export async function authenticate(request: Request, authenticator: Authenticator): Promise<Principal | null> {
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
    return match ? authenticator.apiTokens.authenticate(match[1]).catch(unlessLookupFailed) : null
  }
  if (!request.headers.get('cookie')) return null
  return sessionPrincipal(request.headers, authenticator)
}

/**
 * The person behind a session cookie (for API routes and pages alike): nobody when Better Auth refuses the
 * session, when the user is disabled, or when the session has outlived its absolute limit (it slides while used,
 * so Better Auth alone would keep it forever).
 */
export async function sessionPrincipal(
  headers: Headers,
  { auth, sessionLifetime, db, workspaceAccess }: Pick<Authenticator, 'auth' | 'sessionLifetime' | 'db' | 'workspaceAccess'>,
): Promise<Principal | null> {
  const session = await auth.api.getSession({ headers }).catch(unlessLookupFailed)
  if (!session || session.user.banned) return null
  if (!withinMaxLifetime(new Date(session.session.createdAt), sessionLifetime)) return null
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: toRole(session.user.role),
    via: 'session',
    sessionId: session.session.id,
    // Better Auth's lookup cannot join them in: one more statement, for browser sessions only (API tokens read them in
    // theirs), unless this process has them from the person's last request.
    ...(await accessOf(session.user.id, db, workspaceAccess).catch(lookupFailed)),
  }
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
