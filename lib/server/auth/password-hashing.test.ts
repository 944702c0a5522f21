import { describe, expect, it } from 'vitest'
import { PasswordHasher } from './password-hashing'

describe('PasswordHasher', () => {
  it('hashes and verifies with Better Auth scrypt format', async () => {
    const hasher = new PasswordHasher()
    const hash = await hasher.hash('correct horse')
    expect(await hasher.verify({ hash, password: 'correct horse' })).toBe(true)
    expect(await hasher.verify({ hash, password: 'wrong horse' })).toBe(false)
    expect(hasher.operations).toBe(3)
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
})
