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
import { loadWorkspaceAccess } from './memberships'
import { toRole, type Principal } from './principal'

export interface Authenticator {
  auth: Auth
  apiTokens: ApiTokenService
  db: { sql: Pick<SqlRunner, 'query'> }
}

export async function authenticate(request: Request, { auth, apiTokens, db }: Authenticator): Promise<Principal | null> {
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
    return match ? apiTokens.authenticate(match[1]).catch(unlessLookupFailed) : null
  }
  if (!request.headers.get('cookie')) return null
  const session = await auth.api.getSession({ headers: request.headers }).catch(unlessLookupFailed)
  if (!session || session.user.banned) return null
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: toRole(session.user.role),
    via: 'session',
    sessionId: session.session.id,
    // Better Auth's lookup cannot join them in: one more statement, for browser sessions only (API tokens read them in theirs).
    ...(await loadWorkspaceAccess(db.sql, session.user.id).catch(lookupFailed)),
  }
}

/**
 * A credential Better Auth refuses is nobody (401 follows); a lookup that failed (the database is down) is not a
 * verdict on the credential: 503, so that clients retry instead of sending the person to sign in again.
 */
function lookupFailed(error: unknown): never {
  console.error('[auth] could not look up the workspaces:', error)
  throw new DomainError('service_unavailable', 'The server cannot check your sign-in right now. Try again in a moment.')
}

function unlessLookupFailed(error: unknown): null {
  // Better Auth answers a credential it refuses with a 4xx APIError, and wraps a failing database in a 5xx one.
  if (isAPIError(error) && error.statusCode < 500) return null
  console.error('[auth] could not look up the credential:', error)
  throw new DomainError('service_unavailable', 'The server cannot check your sign-in right now. Try again in a moment.')
}
