/**
 * Password hashing (Better Auth's scrypt) with a bound on how many run at once. scrypt runs on
 * libuv's small thread pool, which the rest of the process shares (file reads, DNS lookups, zlib):
 * a crowd of password guessers holding every thread starved everything else, `/api/health`
 * included. Beyond the bound, hashes wait their turn here instead.
 */
import { hashPassword, verifyPassword } from 'better-auth/crypto'

/** Concurrent hashes: libuv has 4 threads by default (UV_THREADPOOL_SIZE); two stay free for the rest. */
export const PASSWORD_HASH_CONCURRENCY = 2

export class PasswordHasher {
  private running = 0
  private readonly waiting: (() => void)[] = []
  /** Hashes and verifications done so far (tests count them: sign-in does the same work whether or not the email exists). */
  operations = 0

  constructor(private readonly concurrency = PASSWORD_HASH_CONCURRENCY) {}

  hash = (password: string): Promise<string> => this.limited(() => hashPassword(password))

  verify = ({ hash, password }: { hash: string; password: string }): Promise<boolean> => this.limited(() => verifyPassword({ hash, password }))

  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.running++
    try {
      return await work()
    } finally {
      this.operations++
      // Hand the slot straight to the next waiter, so the count never dips and lets a newcomer jump the queue.
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

/** The process's one hasher: the bound is per process, as the thread pool is. */
export const passwordHasher = new PasswordHasher()
