import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PgNotifications } from '../../db/pg-notifications'
import { createTestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { isUniqueViolation, RunEventLog } from './run-event-log'

describe('RunEventLog', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  let runId: string
  const otherConnections: PgNotifications[] = []

  beforeAll(async () => {
    app = await createTestApp({ install: false })
    runId = await newRun()
  })
  afterAll(async () => {
    for (const notifications of otherConnections) await notifications.close()
    await app?.close()
  })

  const newRun = () => bareRun(app.db)

  /** The event log of another process: its own notification connection, sharing only the database. */
  function otherProcess(): RunEventLog {
    const notifications = new PgNotifications(() => app.db.connectClient())
    otherConnections.push(notifications)
    return new RunEventLog(app.db, notifications)
  }

  it('numbers events 1, 2, 3… per run, without gaps or duplicates under concurrent writers', async () => {
    const writers = [app.events, otherProcess(), otherProcess()]
    await Promise.all(Array.from({ length: 100 }, (_, i) => writers[i % 3].append(runId, 'tick', { i })))
    const events = await app.events.listAfter(runId)
    expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1))
    expect(new Set(events.map((e) => (e.data as { i: number }).i)).size).toBe(100)
  })

  it('lists after a sequence (resuming) and wakes in-process readers at once', async () => {
    const after = await app.events.listAfter(runId, 98)
    expect(after.map((e) => e.sequence)).toEqual([99, 100])
    let wake!: () => void
    const woken = new Promise<void>((resolve) => (wake = resolve))
    const unsubscribe = await app.events.subscribe(runId, () => wake())
    await app.events.append(runId, 'tock')
    await woken
    unsubscribe()
    expect((await app.events.listAfter(runId, 100)).map((e) => e.type)).toEqual(['tock'])
  })

  it('wakes a subscriber when another process appends (a real NOTIFY), and only for its own run', async () => {
    const [run, unrelated, barrier] = [await newRun(), await newRun(), await newRun()]
    const writer = otherProcess()
    const wakes: string[] = []
    const firstWake = (id: string) => {
      let woken!: () => void
      const promise = new Promise<void>((resolve) => (woken = resolve))
      const subscribe = () =>
        app.events.subscribe(id, () => {
          wakes.push(id)
          woken()
        })
      return { promise, subscribe }
    }
    const forRun = firstWake(run)
    const forBarrier = firstWake(barrier)
    const unsubscribe = [await forRun.subscribe(), await forBarrier.subscribe()]
    try {
      await writer.append(unrelated, 'elsewhere')
      await writer.append(run, 'here')
      // No in-process announcement reaches app.events from `writer`: this can only be the notification.
      await forRun.promise
      expect((await app.events.listAfter(run)).map((e) => e.type)).toEqual(['here'])
      // Notifications arrive in commit order: once the barrier's has, every earlier one has too.
      await writer.append(barrier, 'barrier')
      await forBarrier.promise
      expect(wakes).toEqual([run, barrier])
    } finally {
      for (const release of unsubscribe) release()
    }
  })

  it("wakes another process's subscribers after a batch commits, and announces runs of the same moment in one statement", async () => {
    const runs = [await newRun(), await newRun(), await newRun()]
    const woken = runs.map((id) => {
      let wake!: () => void
      const promise = new Promise<void>((resolve) => (wake = resolve))
      return { id, promise, wake }
    })
    const unsubscribe = await Promise.all(woken.map(({ id, wake }) => app.events.subscribe(id, wake)))
    const statements: string[] = []
    const sql = { ...app.db.sql, query: (text: string, params?: unknown[]) => (statements.push(text), app.db.sql.query(text, params)) }
    const notifications = new PgNotifications(() => app.db.connectClient())
    otherConnections.push(notifications)
    const writer = new RunEventLog({ ...app.db, sql } as typeof app.db, notifications)
    const payload = JSON.stringify({})
    try {
      await writer.insertNumbered(runs[0], [{ sequence: 1, type: 'batch', payload }])
      // No announcement of `writer` reaches app.events in memory: this can only be the notification.
      await woken[0].promise
      expect(statements.filter((text) => text.includes('pg_notify'))).toHaveLength(1)
      expect(statements.find((text) => text.includes('INSERT INTO "RunEvent"'))).not.toContain('pg_notify')

      statements.length = 0
      writer.announce(runs[1])
      writer.announce(runs[2])
      await Promise.all(woken.slice(1).map(({ promise }) => promise))
      expect(statements).toHaveLength(1)
    } finally {
      for (const release of unsubscribe) release()
    }
  })

  it("announces nothing for a run followed only by this process's readers, and announces once another process follows", async () => {
    const run = await newRun()
    const statements: string[] = []
    const sql = { ...app.db.sql, query: (text: string, params?: unknown[]) => (statements.push(text), app.db.sql.query(text, params)) }
    const notifications = new PgNotifications(() => app.db.connectClient())
    otherConnections.push(notifications)
    const here = new RunEventLog({ ...app.db, sql } as typeof app.db, notifications)
    const mark = () => app.db.prisma.run.findUniqueOrThrow({ where: { id: run }, select: { followed: true, followerProcess: true } })
    const payload = JSON.stringify({})
    const wakes: Array<number | undefined> = []
    const unsubscribeHere = await here.subscribe(run, (sequence) => wakes.push(sequence))
    expect(await mark()).toEqual({ followed: true, followerProcess: here.processId })

    await here.insertNumbered(run, [{ sequence: 1, type: 'batch', payload }])
    // Woken in memory; nothing is sent to other processes, which nobody there follows.
    expect(wakes).toEqual([1])
    await new Promise((resolve) => setImmediate(resolve))
    expect(statements.filter((text) => text.includes('pg_notify'))).toEqual([])

    // A reader elsewhere marks it too: the mark names no one process any more, and the next batch is announced.
    let wakeElsewhere!: (sequence?: number) => void
    const elsewhere = new Promise<number | undefined>((resolve) => (wakeElsewhere = resolve))
    const other = otherProcess()
    const unsubscribeOther = await other.subscribe(run, (sequence) => wakeElsewhere(sequence))
    expect(await mark()).toEqual({ followed: true, followerProcess: null })
    // This process's readers marking it again leave it so.
    await here.followAs(run, null)
    expect(await mark()).toEqual({ followed: true, followerProcess: null })
    try {
      await here.insertNumbered(run, [{ sequence: 2, type: 'batch', payload }])
      expect(await elsewhere).toBe(2)
      expect(statements.filter((text) => text.includes('pg_notify'))).toHaveLength(1)
    } finally {
      unsubscribeHere()
      unsubscribeOther()
    }
  })

  it('rejects a batch with a taken number as a unique violation, storing nothing of it', async () => {
    const run = await newRun()
    const payload = JSON.stringify({})
    await app.events.insertNumbered(run, [
      { sequence: 1, type: 'a', payload },
      { sequence: 2, type: 'b', payload },
    ])
    const clash = app.events.insertNumbered(run, [
      { sequence: 3, type: 'c', payload },
      { sequence: 2, type: 'taken', payload },
      { sequence: 4, type: 'd', payload },
    ])
    await expect(clash).rejects.toSatisfy(isUniqueViolation)
    expect((await app.events.listAfter(run)).map((e) => [e.sequence, e.type])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ])
    // The numbers the failed batch would have taken are still free: the log stays gapless.
    await app.events.append(run, 'next')
    expect(await app.events.lastSequence(run)).toBe(3)
  })
})
