import { describe, expect, it } from 'vitest'
import type { WatchedRows } from './row-change-watch'
import { WatchedCache } from './watched-cache'

/** A watch whose generation the test sets: undefined is "changes cannot be heard". */
function fakeWatch(start: number | undefined = 0) {
  const watch = { value: start as number | undefined, generation: (_rows: WatchedRows) => watch.value }
  return watch
}

function counter<V>(value: () => V) {
  const reader = { reads: 0, read: async () => (reader.reads++, value()) }
  return reader
}

describe('WatchedCache', () => {
  it('reads once, then gives the same value until a change is announced', async () => {
    const watch = fakeWatch()
    const cache = new WatchedCache<{ name: string }>(watch, 'principals', { maxAgeMs: 60_000, maxEntries: 10 })
    const reader = counter(() => ({ name: 'Ada' }))
    expect(await cache.get('k', reader.read)).toEqual({ name: 'Ada' })
    expect(await cache.get('k', reader.read)).toEqual({ name: 'Ada' })
    expect(reader.reads).toBe(1)
    watch.value = 1
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(2)
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(2)
  })

  it('keeps nothing while changes cannot be heard, and nothing from before they could not', async () => {
    const watch = fakeWatch()
    const cache = new WatchedCache<string>(watch, 'agents', { maxAgeMs: 60_000, maxEntries: 10 })
    const reader = counter(() => 'v')
    await cache.get('k', reader.read)
    watch.value = undefined
    await cache.get('k', reader.read)
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(3)
    expect(cache.size).toBe(0)
    // Heard again: what was kept before is not trusted (its generation is gone), so it is read once more.
    watch.value = 0
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(4)
  })

  it('does not keep a value whose read saw a change announced: the read may have begun before the change', async () => {
    const watch = fakeWatch()
    const cache = new WatchedCache<string>(watch, 'principals', { maxAgeMs: 60_000, maxEntries: 10 })
    let reads = 0
    const changingRead = async () => {
      reads++
      watch.value = (watch.value ?? 0) + 1
      return 'old'
    }
    expect(await cache.get('k', changingRead)).toBe('old')
    expect(cache.size).toBe(0)
    const reader = counter(() => 'new')
    expect(await cache.get('k', reader.read)).toBe('new')
    expect(await cache.get('k', reader.read)).toBe('new')
    expect([reads, reader.reads]).toEqual([1, 1])
  })

  it('reads null again each time (a wrong credential is never remembered)', async () => {
    const cache = new WatchedCache<string | null>(fakeWatch(), 'principals', { maxAgeMs: 60_000, maxEntries: 10 })
    const reader = counter(() => null)
    await cache.get('k', reader.read)
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(2)
  })

  it('reads again once a value is maxAgeMs old, counted from when its read began', async () => {
    let now = 1_000
    const cache = new WatchedCache<string>(fakeWatch(), 'principals', { maxAgeMs: 100, maxEntries: 10, now: () => now })
    const reader = counter(() => 'v')
    await cache.get('k', reader.read)
    now += 99
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(1)
    now += 1
    await cache.get('k', reader.read)
    expect(reader.reads).toBe(2)
  })

  it('keeps at most maxEntries, letting go of the one kept longest', async () => {
    const cache = new WatchedCache<string>(fakeWatch(), 'principals', { maxAgeMs: 60_000, maxEntries: 2 })
    const reader = counter(() => 'v')
    await cache.get('a', reader.read)
    await cache.get('b', reader.read)
    await cache.get('c', reader.read)
    expect(cache.size).toBe(2)
    await cache.get('b', reader.read)
    await cache.get('c', reader.read)
    expect(reader.reads).toBe(3)
    await cache.get('a', reader.read)
    expect(reader.reads).toBe(4)
  })

  it('gives every caller the same frozen value, so none can change what the next one gets', async () => {
    const cache = new WatchedCache<{ memberships: { role: string }[] }>(fakeWatch(), 'principals', { maxAgeMs: 60_000, maxEntries: 10 })
    const first = await cache.get('k', async () => ({ memberships: [{ role: 'viewer' }] }))
    expect(() => {
      ;(first.memberships[0] as { role: string }).role = 'owner'
    }).toThrow(TypeError)
    expect(() => first.memberships.push({ role: 'owner' })).toThrow(TypeError)
    expect(await cache.get('k', async () => ({ memberships: [] }))).toEqual({ memberships: [{ role: 'viewer' }] })
  })
})
