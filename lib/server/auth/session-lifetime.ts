/**
 * How long a browser session lasts (OWASP ASVS level 2, 3.3.2: sign in again after 12 hours, or after
 * 30 minutes without use). The idle limit is Better Auth's sliding expiry; the absolute one is checked on
 * every use against when the session was made, since Better Auth's expiry slides forever while used.
 * The expiry moves only where the answer sets the cookie again (authenticate.ts); pages tell the server of
 * the person's use through an API answer (components/account/session-use.ts).
 * API tokens are not sessions: they last until revoked or their own expiry.
 */
import { z } from 'zod'

export interface SessionLifetime {
  /** A session unused this long is over (Better Auth's `expiresIn`, refreshed on use). */
  idleSeconds: number
  /** A session this old is over however much it is used. */
  maxSeconds: number
}

export const DEFAULT_SESSION_LIFETIME: SessionLifetime = { idleSeconds: 30 * 60, maxSeconds: 12 * 60 * 60 }

const minutes = z.coerce
  .number()
  .int()
  .min(1)
  .max(60 * 24 * 30)
const hours = z.coerce
  .number()
  .int()
  .min(1)
  .max(24 * 90)

/**
 * AGENTLOOM_SESSION_IDLE_MINUTES (default 30) and AGENTLOOM_SESSION_MAX_HOURS (default 12). A value that
 * does not parse stops the start with a sentence, rather than silently keeping people signed in longer.
 */
export function sessionLifetimeFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): SessionLifetime {
  const idle = env.AGENTLOOM_SESSION_IDLE_MINUTES?.trim()
  const max = env.AGENTLOOM_SESSION_MAX_HOURS?.trim()
  const idleMinutes = idle ? minutes.safeParse(idle) : null
  const maxHours = max ? hours.safeParse(max) : null
  if (idleMinutes && !idleMinutes.success) throw new Error(`AGENTLOOM_SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 43200, not "${idle}".`)
  if (maxHours && !maxHours.success) throw new Error(`AGENTLOOM_SESSION_MAX_HOURS must be a whole number of hours from 1 to 2160, not "${max}".`)
  const lifetime = {
    idleSeconds: idleMinutes ? idleMinutes.data * 60 : DEFAULT_SESSION_LIFETIME.idleSeconds,
    maxSeconds: maxHours ? maxHours.data * 60 * 60 : DEFAULT_SESSION_LIFETIME.maxSeconds,
  }
  // An idle limit longer than the whole lifetime would never apply: the shorter one says what happens.
  return { ...lifetime, idleSeconds: Math.min(lifetime.idleSeconds, lifetime.maxSeconds) }
}

/**
 * How often a used session's expiry moves forward: a sixth of the idle limit (at most a day), so that a session
 * in use writes its row a few times per idle period, not on every request, and ends between 5/6 and all of the
 * idle limit after its last use.
 */
export function sessionRefreshSeconds(lifetime: SessionLifetime): number {
  return Math.min(Math.max(Math.floor(lifetime.idleSeconds / 6), 1), 24 * 60 * 60)
}

/** False once the session is older than the absolute limit. */
export function withinMaxLifetime(createdAt: Date, lifetime: SessionLifetime, now: number = Date.now()): boolean {
  return now - createdAt.getTime() < lifetime.maxSeconds * 1000
}
