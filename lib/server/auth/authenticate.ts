/**
 * Finds the principal behind a request: an `Authorization: Bearer` API token when the header is
 * there (and nothing else then, so a bad token is never rescued by a cookie), else the session
 * cookie Better Auth set at sign-in. Disabled users are nobody.
 */
import type { Auth } from './auth'
import type { ApiTokenService } from './api-tokens'
import { toRole, type Principal } from './principal'

export interface Authenticator {
  auth: Auth
  apiTokens: ApiTokenService
}

export async function authenticate(request: Request, { auth, apiTokens }: Authenticator): Promise<Principal | null> {
  const authorization = request.headers.get('authorization')
  if (authorization !== null) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization)
    return match ? apiTokens.authenticate(match[1]) : null
  }
  if (!request.headers.get('cookie')) return null
  const session = await auth.api.getSession({ headers: request.headers }).catch(() => null)
  if (!session || session.user.banned) return null
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    role: toRole(session.user.role),
    via: 'session',
    sessionId: session.session.id,
  }
}
