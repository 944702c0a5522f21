/**
 * A signed-in person's use of the app, told to the server often enough that their session keeps moving forward
 * (lib/server/auth/session-lifetime.ts) and no more. The server moves a session forward only in an API answer, which
 * sets the cookie again (the browser drops the cookie at the end of its own lifetime, whatever the server says): a
 * page's render cannot, and a person may work long on one page without an API request of their own (typing on a live
 * canvas travels over its socket). So a navigation, or the person's own input, asks the server who is signed in, at
 * most once per refresh step; a tab left alone asks nothing, and its session ends after the idle limit as it should.
 */

/**
 * Who is signed in: an API answer, which sets the cookie again when the session moved forward. It reads nothing but the
 * session, which the server keeps in memory until it is due to move (lib/server/auth/kept-sessions.ts), so most asks
 * cost the server no statement.
 */
export const SESSION_PATH = '/api/me'

/**
 * A function to call on each use: it calls `ask` on the first use and then on the first use at least `stepMs` after
 * the last ask. `now` is the clock (milliseconds).
 */
export function sessionUse(stepMs: number, ask: () => void, now: () => number = Date.now): () => void {
  let askedAt: number | undefined
  return () => {
    const at = now()
    if (askedAt !== undefined && at - askedAt < stepMs) return
    askedAt = at
    ask()
  }
}
