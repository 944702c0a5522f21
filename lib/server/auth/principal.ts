/**
 * Who is asking: the signed-in user behind a request's session cookie, or behind its
 * `Authorization: Bearer` API token. Every route but share links, health and sign-in needs one.
 */
export type Role = 'admin' | 'member'

export interface Principal {
  userId: string
  email: string
  name: string
  role: Role
  /** How the request proved it: a browser session or a personal API token. */
  via: 'session' | 'token'
  /** The browser session's id, when via is 'session' (a password change keeps it and signs out the others). */
  sessionId?: string
}

export function isAdmin(principal: Principal): boolean {
  return principal.role === 'admin'
}

export function toRole(value: unknown): Role {
  return value === 'admin' ? 'admin' : 'member'
}

/**
 * A Prisma `where` fragment limiting rows by owner: `{}` for all of them, `{ ownerId }` for one
 * person's, `{ ownerId: null }` for rows nobody owns yet.
 */
export type OwnerScope = { ownerId?: string | null }

/**
 * The Prisma `where` fragment that limits a query to what the principal may see: their own rows,
 * or everything for an admin.
 */
export function ownedBy(principal: Principal): { ownerId?: string } {
  return isAdmin(principal) ? {} : { ownerId: principal.userId }
}

/** True when the principal may see a row with this owner (admins see everything). */
export function canSee(principal: Principal, ownerId: string | null | undefined): boolean {
  return isAdmin(principal) || (ownerId != null && ownerId === principal.userId)
}
