import { describe, expect, it } from 'vitest'
import { AccessWatch, type WatchedConnection } from './access-watch'
import type { CollabAccess } from './collab-access'

function watched(userId: string, workflowId = 'wf', access: CollabAccess = 'edit'): WatchedConnection & { applied: CollabAccess[] } {
  const applied: CollabAccess[] = []
  return { userId, workflowId, access, checkedAt: 0, applied, apply: (next) => void applied.push(next) }
}

/** A check whose answers the test gives, one pending promise per call. */
function gatedCheck() {
  const calls: { connection: WatchedConnection; answer: (access: CollabAccess) => void }[] = []
  const check = (connection: WatchedConnection) => new Promise<CollabAccess>((resolve) => calls.push({ connection, answer: resolve }))
  return { calls, check }
}

const flush = () => new Promise((resolve) => setImmediate(resolve))

describe('AccessWatch', () => {
  it('judges a message by the last verdict, without waiting, and re-checks in the background once the TTL passed', async () => {
    let now = 1_000
    const { calls, check } = gatedCheck()
    const watch = new AccessWatch(check, { ttlMs: 500, concurrency: 2, now: () => now })
    const connection = watched('u1')
    connection.checkedAt = 900
    watch.add(connection)
    expect(watch.current(connection)).toBe('edit')
    expect(calls).toHaveLength(0)
    now = 1_400
    expect(watch.current(connection)).toBe('edit')
    expect(watch.current(connection)).toBe('edit')
    await flush()
    // Single-flight: two due messages, one re-check.
    expect(calls).toHaveLength(1)
    calls[0].answer('follow')
    await flush()
    expect(watch.current(connection)).toBe('follow')
    expect(connection.applied).toEqual(['follow'])
  })

  it('re-checks the connections a change concerns, never more than `concurrency` at once', async () => {
    const { calls, check } = gatedCheck()
    const watch = new AccessWatch(check, { ttlMs: 60_000, concurrency: 2 })
    const mine = [watched('u1', 'a'), watched('u1', 'b'), watched('u1', 'c')]
    const theirs = watched('u2', 'a')
    for (const connection of [...mine, theirs]) watch.add(connection)
    const done = watch.changed('user:u1')
    await flush()
    expect(calls.map((call) => call.connection)).toEqual(mine.slice(0, 2))
    calls[0].answer('none')
    await flush()
    expect(calls).toHaveLength(3)
    calls[1].answer('edit')
    calls[2].answer('follow')
    await done
    expect(mine.map((connection) => connection.applied)).toEqual([['none'], [], ['follow']])
    expect(watch.peakConcurrency).toBe(2)
    void watch.changed('workflow:a')
    await flush()
    expect(calls.slice(3).map((call) => call.connection)).toEqual([mine[0], theirs])
  })

  it('keeps the last verdict when a re-check fails', async () => {
    const watch = new AccessWatch(async () => Promise.reject(new Error('database down')), { ttlMs: 0, concurrency: 1 })
    const connection = watched('u1')
    watch.add(connection)
    const original = console.error
    console.error = () => {}
    try {
      await watch.recheck(connection)
    } finally {
      console.error = original
    }
    expect(connection.access).toBe('edit')
    expect(connection.applied).toEqual([])
  })
})
