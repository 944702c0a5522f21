/**
 * Browser sessions as Better Auth last found them, kept in the process (db/watched-cache.ts): a person's every API
 * request and page asks who they are, and Better Auth's answer costs two statements and ~3.5 ms of CPU. What ends or
 * changes a session (a sign-out, a revocation, a ban, a new name) is announced by triggers (migration session_changes)
 * and forgotten at once; what time does to one is checked here on every use: a kept session is given only before its
 * expiry, and for a look that may move it forward (authenticate.ts) only before it is due to move, so that Better Auth
 * moves it, and sets the cookie again, exactly when it would have without the memory.
 */
import { createHash } from 'node:crypto'
import type { WatchedCache } from '../db/watched-cache'

export interface KeptSession {
  sessionId: string
  userId: string
  email: string
  name: string
  role: string | null | undefined
  banned: boolean
  /** Milliseconds since the epoch, as Better Auth's session row says. */
  createdAt: number
  expiresAt: number
  /** From when Better Auth moves the session forward on a look that lets it (its `updateAge` past the last move). */
  moveDueAt: number
}

/** Better Auth's look at a session: the session (null: nobody), and the `Set-Cookie` values its answer carries. */
export interface SessionLook {
  session: KeptSession | null
  setCookies: string[]
}

export type KeptSessions = Pick<WatchedCache<KeptSession | null>, 'get'>

/**
 * What a session is kept under: a hash of the request's cookies, which are all Better Auth reads (the signed session
 * token among them), so that the same cookies are the same look; a hash, so no token is held in the clear.
 */
export function sessionKey(headers: Headers): string | undefined {
  const cookie = headers.get('cookie')
  return cookie ? createHash('sha256').update(cookie).digest('base64url') : undefined
}

/**
 * The session behind `key`: kept, while it may be given for this look (`moveForward`: one that may move it), or
 * Better Auth's `look`, kept for the next.
 */
export async function keptSession(kept: KeptSessions, key: string, look: () => Promise<SessionLook>, moveForward: boolean): Promise<SessionLook> {
  let looked: SessionLook | undefined
  const session = await kept.get(key, async () => (looked = await look()).session)
  if (looked) return looked
  if (session && Date.now() < (moveForward ? Math.min(session.expiresAt, session.moveDueAt) : session.expiresAt)) return { session, setCookies: [] }
  // Over, or due to move: Better Auth says (and a move, written to the session's row, is announced: forgotten here too).
  return look()
}
