/**
 * Passwords and sessions of a user, set from the server side. Better Auth's own endpoints for
 * these want an admin's browser session; an admin acting through an API token, a one-time link
 * or the command line has none, so these go through Better Auth's internals (its hasher and
 * adapter) instead, keeping its storage format.
 */
import { DomainError } from '../domain-errors'
import type { Auth } from './auth'

const CREDENTIAL_PROVIDER = 'credential'

export async function setUserPassword(auth: Auth, userId: string, password: string): Promise<void> {
  const context = await auth.$context
  const hash = await context.password.hash(password)
  const accounts = await context.internalAdapter.findAccounts(userId)
  if (accounts.some((account) => account.providerId === CREDENTIAL_PROVIDER)) {
    await context.internalAdapter.updatePassword(userId, hash)
  } else {
    await context.internalAdapter.createAccount({ userId, providerId: CREDENTIAL_PROVIDER, accountId: userId, password: hash })
  }
}

/** True when the password is the user's current one (false for users who sign in only through OIDC). */
export async function verifyUserPassword(auth: Auth, userId: string, password: string): Promise<boolean> {
  const context = await auth.$context
  const accounts = await context.internalAdapter.findAccounts(userId)
  const credential = accounts.find((account) => account.providerId === CREDENTIAL_PROVIDER)
  if (!credential?.password) return false
  return context.password.verify({ hash: credential.password, password })
}

/** Signs the user out everywhere (their API tokens are separate and stay), or everywhere but `keepSessionId`. */
export async function revokeUserSessions(auth: Auth, userId: string, keepSessionId?: string): Promise<void> {
  const context = await auth.$context
  if (keepSessionId === undefined) return context.internalAdapter.deleteUserSessions(userId)
  const others = (await context.internalAdapter.listSessions(userId)).filter((session) => session.id !== keepSessionId)
  if (others.length) await context.internalAdapter.deleteSessions(others.map((session) => session.token))
}

/**
 * A signed-in person changing their own password: they prove the current one first. Every other
 * session is signed out (whoever knew the old password may hold one); the one making the change
 * stays, given as `currentSessionId` (none when the change came through an API token).
 */
export async function changeOwnPassword(auth: Auth, userId: string, currentPassword: string, newPassword: string, currentSessionId?: string): Promise<void> {
  if (!(await verifyUserPassword(auth, userId, currentPassword))) {
    throw new DomainError('wrong_password', 'The current password is not right.')
  }
  await setUserPassword(auth, userId, newPassword)
  await revokeUserSessions(auth, userId, currentSessionId)
}
