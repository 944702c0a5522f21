/**
 * Per-account throttling of password sign-in, on top of Better Auth's per-address limit: an
 * address that failed FAILURES_BEFORE_LOCK times in a row is locked for a minute, then twice as
 * long after each further run of failures, up to an hour; a success clears it. Addresses are
 * counted whether or not anyone has them, so a lockout says nothing about who has an account.
 * State lives in Postgres (SignInThrottle) so every process sees the same count.
 */
import type { Prisma } from '../db/database'

export const FAILURES_BEFORE_LOCK = 5
export const FIRST_LOCK_MS = 60_000
export const MAX_LOCK_MS = 60 * 60_000
/** A quiet day forgets past failures: a few typos a month never add up to a lockout. */
export const FORGET_AFTER_MS = 24 * 60 * 60_000

export interface ThrottleState {
  failures: number
  lockouts: number
  lockedUntil: Date | null
  lastFailureAt: Date
}

/** The state after one more failed sign-in at `now`. */
export function afterFailure(state: ThrottleState | undefined, now: Date): ThrottleState {
  const current = state && now.getTime() - state.lastFailureAt.getTime() < FORGET_AFTER_MS ? state : undefined
  const failures = (current?.failures ?? 0) + 1
  const lockouts = current?.lockouts ?? 0
  if (failures < FAILURES_BEFORE_LOCK) return { failures, lockouts, lockedUntil: current?.lockedUntil ?? null, lastFailureAt: now }
  return { failures: 0, lockouts: lockouts + 1, lockedUntil: new Date(now.getTime() + lockDurationMs(lockouts + 1)), lastFailureAt: now }
}

/** How long the n-th lockout in a row lasts (n ≥ 1): 1 min, 2, 4, … up to an hour. */
export function lockDurationMs(lockout: number): number {
  return Math.min(FIRST_LOCK_MS * 2 ** Math.min(lockout - 1, 30), MAX_LOCK_MS)
}

/** Whole seconds until the address may try again; 0 when it may now. */
export function secondsLocked(state: Pick<ThrottleState, 'lockedUntil'> | undefined | null, now: Date): number {
  const until = state?.lockedUntil?.getTime() ?? 0
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0
}

type ThrottleRow = ThrottleState & { email: string }

export class SignInThrottle {
  constructor(
    private readonly prisma: Prisma,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async secondsLocked(email: string): Promise<number> {
    return secondsLocked(await this.prisma.signInThrottle.findUnique({ where: { email } }), this.now())
  }

  /** Counts a failure; the row is locked while counting, so concurrent failures in several processes all count. */
  async recordFailure(email: string): Promise<void> {
    const now = this.now()
    await this.prisma.$transaction(async (tx) => {
      await tx.$executeRaw`INSERT INTO "SignInThrottle" ("email", "lastFailureAt") VALUES (${email}, ${now}) ON CONFLICT DO NOTHING`
      const [row] = await tx.$queryRaw<ThrottleRow[]>`SELECT * FROM "SignInThrottle" WHERE "email" = ${email} FOR UPDATE`
      await tx.signInThrottle.update({ where: { email }, data: afterFailure(row, now) })
    })
  }

  async recordSuccess(email: string): Promise<void> {
    await this.prisma.signInThrottle.deleteMany({ where: { email } })
  }
}
