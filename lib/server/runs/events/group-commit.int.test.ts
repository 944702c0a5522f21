/**
 * Group commit on a real database: many runs' writers in one process, each storing its supersteps
 * one after another as a worker's runs do, share transactions when their batches arrive together
 * (fewer commits than batches), and every run's log stays whole and in order. A group in which one
 * statement fails is sent again statement by statement, so the others still commit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/database'
import type { SqlRunner } from '../../db/sql'
import { createTestApp } from '../../testing/test-app'
import { bareRun } from '../../testing/bare-run'
import { GroupCommit } from './group-commit'
import { RunEventLog } from './run-event-log'
import { RunEventWriter } from './run-event-writer'

const RUNS = 12
const SUPERSTEPS = 5
const EVENTS_PER_SUPERSTEP = 4

/** The app's SQL runner, counting what commits: statements sent alone (autocommit) and transactions. */
function countingSql(sql: SqlRunner): SqlRunner & { alone: number; transactions: number } {
  const counting = {
    alone: 0,
    transactions: 0,
    query: <Row>(text: string, params?: unknown[]) => {
      counting.alone++
      return sql.query<Row>(text, params)
    },
    exec: (text: string) => sql.exec(text),
    transaction: <T>(work: Parameters<SqlRunner['transaction']>[0]) => {
      counting.transactions++
      return sql.transaction(work) as Promise<T>
    },
    transactionOf: (statements: Parameters<SqlRunner['transactionOf']>[0]) => {
      counting.transactions++
      return sql.transactionOf(statements)
    },
  }
  return counting
}

describe('GroupCommit', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>

  beforeAll(async () => {
    app = await createTestApp({ install: false })
  })
  afterAll(async () => {
    await app?.close()
  })

  const newRuns = (count: number): Promise<string[]> => Promise.all(Array.from({ length: count }, () => bareRun(app.db)))

  it("commits concurrent runs' supersteps together, each run's log whole and in order", async () => {
    const sql = countingSql(app.db.sql)
    const log = new RunEventLog({ ...app.db, sql } as Database, app.notifications)
    const runIds = await newRuns(RUNS)
    // Each run as its worker stores it: a superstep's events, flushed at its end, before the next superstep's.
    await Promise.all(
      runIds.map(async (runId) => {
        const writer = new RunEventWriter(log, runId, 1)
        for (let step = 0; step < SUPERSTEPS; step++) {
          for (let i = 0; i < EVENTS_PER_SUPERSTEP; i++) void writer.write('tick', { step, i })
          await writer.flush()
        }
      }),
    )
    const batches = RUNS * SUPERSTEPS
    const commits = sql.alone + sql.transactions
    expect(sql.transactions).toBeGreaterThan(0)
    expect(commits).toBeLessThan(batches)
    for (const runId of runIds) {
      const events = await app.events.listAfter(runId, 0, 1_000)
      expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: SUPERSTEPS * EVENTS_PER_SUPERSTEP }, (_, i) => i + 1))
      const expected = Array.from({ length: SUPERSTEPS }, (_, step) => Array.from({ length: EVENTS_PER_SUPERSTEP }, (_, i) => ({ step, i }))).flat()
      expect(events.map((event) => event.data)).toEqual(expected)
    }
  })

  it('sends a failed group again statement by statement: one failure is not the others', async () => {
    const sql = countingSql(app.db.sql)
    const commits = new GroupCommit(sql, 1)
    const [runId] = await newRuns(1)
    const insert = `INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt") VALUES ($1, $2, 'tick', '{}', now()) RETURNING sequence`
    // The first goes alone; the three that arrive while it is in flight go together, and one of them takes a number already taken.
    const results = await Promise.allSettled([
      commits.query('a', insert, [runId, 1]),
      commits.query('b', insert, [runId, 2]),
      commits.query('c', insert, [runId, 1]),
      commits.query('d', insert, [runId, 3]),
    ])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled'])
    expect(sql.transactions).toBe(1)
    expect((await app.events.listAfter(runId)).map((event) => event.sequence)).toEqual([1, 2, 3])
  })

  it('sends a statement asked to go alone in a transaction of its own, never in a group', async () => {
    const sql = countingSql(app.db.sql)
    const commits = new GroupCommit(sql, 1)
    const [runId] = await newRuns(1)
    const insert = `INSERT INTO "RunEvent" ("runId", sequence, type, data, "createdAt") VALUES ($1, $2, 'tick', '{}', now()) RETURNING sequence`
    // While the first is in flight, two wait to go together; the one asked to go alone does not join them.
    await Promise.all([
      commits.query('a', insert, [runId, 1]),
      commits.query('b', insert, [runId, 2]),
      commits.query('c', insert, [runId, 3], { alone: true }),
      commits.query('d', insert, [runId, 4]),
    ])
    expect({ alone: sql.alone, transactions: sql.transactions }).toEqual({ alone: 2, transactions: 1 })
    expect((await app.events.listAfter(runId)).map((event) => event.sequence)).toEqual([1, 2, 3, 4])
  })
})
