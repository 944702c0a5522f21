/**
 * Per-account throttling of password sign-in, on top of Better Auth's per-address limit: an
 * address that failed FAILURES_BEFORE_LOCK times in a row is locked for a minute, then twice as
 * long after each further run of failures, up to an hour; a success clears it. Addresses are
 * counted whether or not anyone has them, so a lockout says nothing about who has an account.
 * State lives in Postgres (SignInThrottle) so every process sees the same count. Each failure, and
 * each lockout it starts, is also an entry in the audit log (ASVS 7.1, 7.2): the address tried and the
 * client's address, never the password.
 */
import { recordAudit } from '../audit/audit-log'
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

/** A failure that loses this many races in a row goes uncounted rather than hold the sign-in up. */
const MAX_WRITE_ATTEMPTS = 5

export class SignInThrottle {
  constructor(
    private readonly prisma: Prisma,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async secondsLocked(email: string): Promise<number> {
    return secondsLocked(await this.prisma.signInThrottle.findUnique({ where: { email } }), this.now())
  }

  /**
   * Counts a failure. Several processes may count the same address at once: each write is
   * conditional on the row it read (compare and set, no transaction to wait for under load) and
   * is retried from a fresh read when another process got there first.
   */
  async recordFailure(email: string, clientAddress: string | null = null): Promise<void> {
    const next = await this.countFailure(email)
    const details = { clientAddress }
    await recordAudit(this.prisma, { actorId: null, action: 'sign_in.failure', resourceType: 'sign_in', resourceId: email, details })
    if (next?.failures === 0 && next.lockedUntil) {
      const lockedForSeconds = Math.round((next.lockedUntil.getTime() - next.lastFailureAt.getTime()) / 1000)
      await recordAudit(this.prisma, {
        actorId: null,
        action: 'sign_in.lock',
        resourceType: 'sign_in',
        resourceId: email,
        details: { ...details, lockedForSeconds },
      })
    }
  }

  /** The state written, or undefined when the write lost every race. */
  private async countFailure(email: string): Promise<ThrottleState | undefined> {
    for (let attempt = 0; attempt < MAX_WRITE_ATTEMPTS; attempt++) {
      const row = await this.prisma.signInThrottle.findUnique({ where: { email } })
      const next = afterFailure(row ?? undefined, this.now())
      const written = row
        ? await this.prisma.signInThrottle.updateMany({
            where: { email, failures: row.failures, lockouts: row.lockouts, lastFailureAt: row.lastFailureAt },
            data: next,
          })
        : await this.prisma.signInThrottle.createMany({ data: [{ email, ...next }], skipDuplicates: true })
      if (written.count === 1) return next
    }
    return undefined
  }

  async recordSuccess(email: string): Promise<void> {
    await this.prisma.signInThrottle.deleteMany({ where: { email } })
  }
}
