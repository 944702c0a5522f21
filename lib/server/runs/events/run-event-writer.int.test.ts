/**
 * The run event writer on a real database: batches keep the order of writes, a batch in flight
 * gathers the next one, a number taken by another writer is caught by the unique index, and a
 * resumed run's replay stores nothing twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { presentApproval } from '../../approvals/approval-broker'
import { PgNotifications } from '../../db/pg-notifications'
import { createTestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { RunEventLog, type StoredBatch } from './run-event-log'
import { REPLAY_DIVERGED_MESSAGE, RunEventWriter } from './run-event-writer'

/** A log whose batch inserts are recorded (the sequences of each statement) and can be held. */
class CountingLog extends RunEventLog {
  readonly statements: number[][] = []
  /** While set, an insert waits for it (the batch stays in flight). */
  hold: Promise<void> | undefined
  /** While set, an insert fails with it (the database went away). */
  failure: Error | undefined
  /** Resolves when the next insert begins. */
  private insertBegan: (() => void) | undefined

  nextInsert(): Promise<void> {
    return new Promise((resolve) => (this.insertBegan = resolve))
  }

  override async insertNumbered(...[runId, rows, also, options]: Parameters<RunEventLog['insertNumbered']>): Promise<StoredBatch> {
    this.statements.push(rows.map((row) => row.sequence))
    this.insertBegan?.()
    this.insertBegan = undefined
    if (this.hold) await this.hold
    if (this.failure) throw this.failure
    return super.insertNumbered(runId, rows, also, options)
  }
}

describe('RunEventWriter', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>
  const notificationConnections: PgNotifications[] = []

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    for (const notifications of notificationConnections) await notifications.close()
    await app?.close()
  })

  const newRun = () => bareRun(app.db)

  /** A log as another process has it: its own notification connection, sharing only the database. */
  function countingLog(): CountingLog {
    const notifications = new PgNotifications(() => app.db.connectClient())
    notificationConnections.push(notifications)
    return new CountingLog(app.db, notifications)
  }

  const stored = async (runId: string) => (await app.events.listAfter(runId, 0, 10_000)).map(({ sequence, type, data }) => ({ sequence, type, data }))

  it('stores events in the order they were written, across batches', async () => {
    const runId = await newRun()
    const log = countingLog()
    const writer = new RunEventWriter(log, runId, 1)
    const written: Promise<RunEvent>[] = []
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 10; i++) written.push(writer.write('tick', { n: round * 10 + i }))
      // Start the batch now (no lingering): the next round is written while it is stored.
      void writer.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
    const events = await Promise.all(written)
    expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
    expect(await stored(runId)).toEqual(Array.from({ length: 50 }, (_, i) => ({ sequence: i + 1, type: 'tick', data: { n: i } })))
    expect(log.statements.length).toBeGreaterThan(1)
    expect(writer.lastSequence).toBe(50)
  })

  it('gathers the events written while a batch is being stored into the next batch', async () => {
    const runId = await newRun()
    const log = countingLog()
    const writer = new RunEventWriter(log, runId, 1)
    let release!: () => void
    log.hold = new Promise((resolve) => (release = resolve))
    const began = log.nextInsert()
    const first = writer.write('first', { n: 0 })
    await began
    const more = [1, 2, 3, 4].map((n) => writer.write('more', { n }))
    release()
    log.hold = undefined
    await Promise.all([first, ...more])
    expect(log.statements).toEqual([[1], [2, 3, 4, 5]])
    expect((await stored(runId)).map((e) => e.data)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })))
  })

  it('stores a posted event (nobody waits for it) in order with the written ones, and tells its onFailed when its batch fails', async () => {
    const runId = await newRun()
    const log = countingLog()
    const writer = new RunEventWriter(log, runId, 1)
    const failures: unknown[] = []
    writer.post('posted', { n: 1 }, (error) => failures.push(error))
    await writer.write('written', { n: 2 })
    expect(await stored(runId)).toEqual([
      { sequence: 1, type: 'posted', data: { n: 1 } },
      { sequence: 2, type: 'written', data: { n: 2 } },
    ])
    expect(log.statements).toEqual([[1, 2]])
    log.failure = new Error('the database went away')
    writer.post('lost', { n: 3 }, (error) => failures.push(error))
    await writer.flush()
    expect(failures).toEqual([log.failure])
    expect(await stored(runId)).toHaveLength(2)
  })

  it('asks for the run’s redactor once per batch, and stores each event redacted', async () => {
    const runId = await newRun()
    const asked: string[] = []
    const redactor = { redactValue: <T>(value: T): T => JSON.parse(JSON.stringify(value).replaceAll('s3cret', '[REDACTED]')) as T }
    const log = new RunEventLog(app.db, app.notifications, async (id) => (asked.push(id), redactor))
    const writer = new RunEventWriter(log, runId, 1)
    const written = [1, 2, 3].map((n) => writer.write('said', { text: `key s3cret ${n}` }))
    await writer.flush()
    expect((await Promise.all(written)).map((event) => event.data)).toEqual([1, 2, 3].map((n) => ({ text: `key [REDACTED] ${n}` })))
    expect((await stored(runId)).map((event) => event.data)).toEqual([1, 2, 3].map((n) => ({ text: `key [REDACTED] ${n}` })))
    expect(asked).toEqual([runId])
  })

  it('writes a lone event at once, in its own statement', async () => {
    const runId = await newRun()
    const log = countingLog()
    const writer = new RunEventWriter(log, runId, 1)
    expect(await writer.write('alone', { n: 1 })).toMatchObject({ sequence: 1, type: 'alone', data: { n: 1 } })
    expect(await writer.write('alone', { n: 2 })).toMatchObject({ sequence: 2 })
    expect(log.statements).toEqual([[1], [2]])
  })

  it('holds an exit run’s events to the end, but sends them at once with a carried statement someone waits on', async () => {
    const runId = await newRun()
    const log = countingLog()
    const writer = new RunEventWriter(log, runId, 1, [], undefined, Number.POSITIVE_INFINITY)
    const held = writer.write('held', { n: 1 })
    // A checkpoint rides along without anyone waiting: still held.
    void writer.carry((first) => ({ sql: `checkpoint_${first} AS (SELECT $${first}::text AS x)`, params: ['c'] }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(log.statements).toEqual([])
    // A history truncation waits on its statement (postgres-history-provider.ts): the batch goes now, with it.
    await writer.carry((first) => ({ sql: `history_${first} AS (SELECT $${first}::text AS conversation)`, params: ['s'] }), { now: true })
    expect(await held).toMatchObject({ sequence: 1, type: 'held' })
    expect(log.statements).toEqual([[1]])
  })

  it('continues after a number another process took, losing and repeating nothing', async () => {
    const runId = await newRun()
    const log = countingLog()
    const other = countingLog()
    const writer = new RunEventWriter(log, runId, 1)
    await writer.write('mine', { n: 1 })
    // Another process (a web host taking an answer) appends: the writer's next number is taken.
    await other.append(runId, 'theirs', { n: 1 })
    const pointer = (first: number, sequence: number) => ({
      sql: `pointer_${first} AS (UPDATE "Run" SET "checkpointSequence" = $${first}::int WHERE id = $1)`,
      params: [sequence],
    })
    const [second, third] = await Promise.all([writer.write('mine', { n: 2 }), writer.write('mine', { n: 3 }, pointer)])
    expect([second.sequence, third.sequence]).toEqual([3, 4])
    // The statement that rode with the batch was rebuilt with the renumbered sequence.
    expect((await app.db.prisma.run.findUniqueOrThrow({ where: { id: runId } })).checkpointSequence).toBe(4)
    expect(log.statements).toEqual([[1], [2, 3], [3, 4]])
    expect(await stored(runId)).toEqual([
      { sequence: 1, type: 'mine', data: { n: 1 } },
      { sequence: 2, type: 'theirs', data: { n: 1 } },
      { sequence: 3, type: 'mine', data: { n: 2 } },
      { sequence: 4, type: 'mine', data: { n: 3 } },
    ])
    expect(writer.lastSequence).toBe(4)
  })

  it('keeps every event once while other processes append concurrently', async () => {
    const runId = await newRun()
    const writer = new RunEventWriter(countingLog(), runId, 1)
    const others = [countingLog(), countingLog()]
    const writes: Promise<RunEvent | undefined>[] = []
    for (let i = 0; i < 60; i++) {
      writes.push(writer.write('mine', { i }))
      if (i % 3 === 0) writes.push(others[i % 2].append(runId, 'theirs', { i }))
      if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve))
    }
    await Promise.all(writes)
    const events = await stored(runId)
    expect(events.map((e) => e.sequence)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1))
    const mine = events.filter((e) => e.type === 'mine').map((e) => (e.data as { i: number }).i)
    // The writer's own events stay in the order they were written.
    expect(mine).toEqual(Array.from({ length: 60 }, (_, i) => i))
    expect(events.filter((e) => e.type === 'theirs')).toHaveLength(20)
  })

  describe('resuming after a crash', () => {
    /**
     * A run whose superstep 1 completed (its checkpoint covers sequence 2) and whose superstep 2
     * was cut off after storing three events, with an approval's answer between them (written by
     * another process, which a replay does not produce again).
     */
    async function answeredApproval(runId: string) {
      const row = await app.db.prisma.approvalRequest.create({
        data: {
          runId,
          kind: 'tool_call',
          status: 'approved',
          source: 'agent',
          title: 'Call slow?',
          payload: {},
          expiresAt: new Date(Date.now() + 60_000),
          decidedAt: new Date(),
        },
      })
      return presentApproval(row)
    }

    async function cutOffRun(): Promise<{ runId: string; replaying: RunEvent[] }> {
      const runId = await newRun()
      const writer = new RunEventWriter(app.events, runId, 1)
      await writer.write('run_started', {})
      await writer.write('superstep_completed', { iteration: 1 })
      await writer.write('executor_invoked', { executorId: 'agent', data: { b: 2, a: 1 } })
      await app.events.append(runId, 'approval_resolved', { approval: await answeredApproval(runId) })
      await writer.write('tool_call', { executorId: 'agent', callId: 'call_1', name: 'slow', arguments: { z: [1, { y: 2, x: 1 }] } })
      await writer.write('tool_result', { executorId: 'agent', callId: 'call_1', result: 'done' })
      return { runId, replaying: await app.events.listAfter(runId, 2) }
    }

    it('matches the events a faithful replay produces instead of storing them again', async () => {
      const { runId, replaying } = await cutOffRun()
      const before = await stored(runId)
      const log = countingLog()
      const writer = new RunEventWriter(log, runId, 3, replaying)
      // The replay produces the same data, its keys in another order (jsonb keeps no order).
      const replayed = await Promise.all([
        writer.write('executor_invoked', { executorId: 'agent', data: { a: 1, b: 2 } }),
        writer.write('tool_call', { callId: 'call_1', executorId: 'agent', name: 'slow', arguments: { z: [1, { x: 1, y: 2 }] } }),
        writer.write('tool_result', { executorId: 'agent', callId: 'call_1', result: 'done' }),
      ])
      expect(replayed.map((e) => e.sequence)).toEqual([3, 5, 6])
      expect(log.statements).toEqual([])
      expect(writer.lastSequence).toBe(6)
      expect(await stored(runId)).toEqual(before)

      // What follows the cut-off point is new: stored after the stored events.
      const next = await writer.write('superstep_completed', { iteration: 2 })
      expect(next.sequence).toBe(7)
      expect(log.statements).toEqual([[7]])
      expect((await stored(runId)).map((e) => e.type)).toEqual([
        'run_started',
        'superstep_completed',
        'executor_invoked',
        'approval_resolved',
        'tool_call',
        'tool_result',
        'superstep_completed',
      ])
    })

    it('warns when the replay does something else, and stores its events after the stored ones', async () => {
      const { runId, replaying } = await cutOffRun()
      const before = await stored(runId)
      const writer = new RunEventWriter(countingLog(), runId, 3, replaying)
      await writer.write('executor_invoked', { executorId: 'agent', data: { a: 1, b: 2 } })
      // The model answers differently this time.
      await Promise.all([
        writer.write('tool_call', { executorId: 'agent', callId: 'call_1', name: 'other', arguments: {} }),
        writer.write('tool_result', { executorId: 'agent', callId: 'call_1', result: 'else' }),
      ])
      await writer.write('superstep_completed', { iteration: 2 })
      const after = await stored(runId)
      expect(after.slice(0, before.length)).toEqual(before)
      expect(after.slice(before.length)).toEqual([
        { sequence: 7, type: 'warning', data: { message: REPLAY_DIVERGED_MESSAGE } },
        { sequence: 8, type: 'tool_call', data: { executorId: 'agent', callId: 'call_1', name: 'other', arguments: {} } },
        { sequence: 9, type: 'tool_result', data: { executorId: 'agent', callId: 'call_1', result: 'else' } },
        { sequence: 10, type: 'superstep_completed', data: { iteration: 2 } },
      ])
      expect(writer.lastSequence).toBe(10)
    })
  })
})
