/**
 * Password hashing in Better Auth's format (scrypt N=16384, r=16, p=1, 64 bytes; `salt:key` in hex),
 * done here with node:crypto so that it always runs on libuv's thread pool — a bundle resolving
 * Better Auth's hasher to its pure-JS fallback would hash on the event loop — and with a bound on how
 * many run at once: the thread pool is small and shared with the rest of the process (file reads,
 * DNS lookups, zlib), and a crowd of password guessers holding all of it starved everything else,
 * `/api/health` included. Beyond the bound, hashes wait their turn here instead.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'

const SCRYPT = { N: 16384, r: 16, p: 1, keyLength: 64 }

function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { N, r, p, keyLength } = SCRYPT
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 128 * N * r * 2 }, (error, key) => (error ? reject(error) : resolve(key)))
  })
}

async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex')
  return `${salt}:${(await derive(password, salt)).toString('hex')}`
}

async function verifyPassword({ hash, password }: { hash: string; password: string }): Promise<boolean> {
  const [salt, key] = hash.split(':')
  if (!salt || !key) throw new Error('Invalid password hash')
  const expected = Buffer.from(key, 'hex')
  const actual = await derive(password, salt)
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/**
 * Concurrent hashes: at most 2 of libuv's 4 threads, and never every core: on a 2-core machine one
 * hash at a time, so the event loop keeps a core to answer everything else.
 * AGENTLOOM_PASSWORD_HASH_CONCURRENCY overrides it (a whole number, 1 or more).
 */
export function passwordHashConcurrencyFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const configured = env.AGENTLOOM_PASSWORD_HASH_CONCURRENCY?.trim()
  if (configured) {
    if (!/^[1-9]\d*$/.test(configured)) throw new Error('AGENTLOOM_PASSWORD_HASH_CONCURRENCY must be a whole number, 1 or more.')
    return Number(configured)
  }
  return Math.max(1, Math.min(2, availableParallelism() - 1))
}

export class PasswordHasher {
  private running = 0
  private readonly waiting: (() => void)[] = []
  /** Hashes and verifications done so far (tests count them: sign-in does the same work whether or not the email exists). */
  operations = 0

  constructor(private readonly concurrency = passwordHashConcurrencyFromEnv()) {}

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
