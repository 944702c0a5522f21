import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from 'better-auth/crypto'
import { describe, expect, it } from 'vitest'
import { PasswordHasher, passwordHashConcurrencyFromEnv } from './password-hashing'

describe('PasswordHasher', () => {
  it("hashes and verifies in Better Auth's scrypt format: each reads the other's hashes", async () => {
    const hasher = new PasswordHasher()
    const hash = await hasher.hash('correct horse')
    expect(await hasher.verify({ hash, password: 'correct horse' })).toBe(true)
    expect(await hasher.verify({ hash, password: 'wrong horse' })).toBe(false)
    expect(await betterAuthVerify({ hash, password: 'correct horse' })).toBe(true)
    expect(await hasher.verify({ hash: await betterAuthHash('battery staple'), password: 'battery staple' })).toBe(true)
    expect(hasher.operations).toBe(4)
  })

  it('runs no more than its bound at once, and every queued one completes', async () => {
    const hasher = new PasswordHasher(2)
    let running = 0
    let peak = 0
    const probe = hasher as unknown as { limited<T>(work: () => Promise<T>): Promise<T> }
    const gates: (() => void)[] = []
    const jobs = Array.from({ length: 6 }, (_, i) =>
      probe.limited(async () => {
        running++
        peak = Math.max(peak, running)
        await new Promise<void>((resolve) => gates.push(resolve))
        running--
        return i
      }),
    )
    // Release the jobs one at a time as they start; each release lets exactly one queued job in.
    for (let released = 0; released < 6; released++) {
      while (gates.length === 0) await Promise.resolve()
      expect(running).toBeLessThanOrEqual(2)
      gates.shift()!()
    }
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3, 4, 5])
    expect(peak).toBe(2)
    expect(hasher.operations).toBe(6)
  })

  it('takes its bound from AGENTLOOM_PASSWORD_HASH_CONCURRENCY, else leaves a core free', () => {
    expect(passwordHashConcurrencyFromEnv({ AGENTLOOM_PASSWORD_HASH_CONCURRENCY: '6' })).toBe(6)
    expect(() => passwordHashConcurrencyFromEnv({ AGENTLOOM_PASSWORD_HASH_CONCURRENCY: '0' })).toThrow(/whole number/)
    expect(() => passwordHashConcurrencyFromEnv({ AGENTLOOM_PASSWORD_HASH_CONCURRENCY: 'lots' })).toThrow(/whole number/)
    expect([1, 2]).toContain(passwordHashConcurrencyFromEnv({}))
  })
})
