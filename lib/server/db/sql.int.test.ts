/**
 * sql.ts's transactionOf on a real database, sent on a pipelining connection (as the app's runner sends a group commit)
 * and one statement at a time (a runner without one): each statement's rows in order, all committed together, and a
 * failing statement leaving nothing of its group committed and the next group unharmed. And the database's pools keep
 * their idle connections for minutes (database.ts, IDLE_CONNECTION_MS), not pg's 10 s.
 */
import type { Socket } from 'node:net'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { countSocketWrites } from '../testing/socket-writes'
import { createTestApp, type TestApp } from '../testing/test-app'
import { IDLE_CONNECTION_MS } from './database'
import { pgSqlRunner, type SqlRunner } from './sql'

let app: TestApp
beforeAll(async () => {
  app = await createTestApp({ install: false, seed: false })
})
afterAll(async () => app?.close())

describe('transactionOf', () => {
  const runners: Record<string, SqlRunner> = {}
  let pipelining: Pool

  beforeAll(async () => {
    await app.db.sql.exec('CREATE TABLE transaction_of_probe (id int PRIMARY KEY, note text NOT NULL)')
    pipelining = app.db.openPool(1, { pipeline: true })
    runners.pipelined = pgSqlRunner(app.db.openPool(1), { pipelined: pipelining })
    runners['one at a time'] = pgSqlRunner(app.db.openPool(1))
  })

  const insert = 'INSERT INTO transaction_of_probe (id, note) VALUES ($1, $2) RETURNING id, note'
  const stored = async (ids: number[]) =>
    (await app.db.sql.query<{ id: number }>('SELECT id FROM transaction_of_probe WHERE id = ANY($1::int[]) ORDER BY id', [ids])).map((row) => row.id)

  it.each(['pipelined', 'one at a time'])('%s: answers each statement’s rows in order, all committed together', async (name) => {
    const base = name === 'pipelined' ? 100 : 200
    const rows = await runners[name].transactionOf([
      { text: insert, params: [base + 1, 'a'] },
      { text: 'SELECT count(*)::int AS seen FROM transaction_of_probe WHERE id BETWEEN $1 AND $2', params: [base, base + 9] },
      // The same text again in the same group: its prepared statement is parsed once on the connection.
      { text: insert, params: [base + 2, 'b'] },
    ])
    expect(rows).toEqual([[{ id: base + 1, note: 'a' }], [{ seen: 1 }], [{ id: base + 2, note: 'b' }]])
    expect(await stored([base + 1, base + 2])).toEqual([base + 1, base + 2])
  })

  it.each(['pipelined', 'one at a time'])('%s: a failing statement leaves nothing of its group committed, and the next group goes through', async (name) => {
    const base = name === 'pipelined' ? 300 : 400
    await runners[name].transactionOf([{ text: insert, params: [base, 'taken'] }])
    await expect(
      runners[name].transactionOf([
        { text: insert, params: [base + 1, 'before'] },
        { text: insert, params: [base, 'a duplicate'] },
        { text: insert, params: [base + 2, 'after'] },
      ]),
    ).rejects.toMatchObject({ code: '23505' })
    expect(await stored([base, base + 1, base + 2])).toEqual([base])
    expect(await runners[name].transactionOf([{ text: insert, params: [base + 3, 'next'] }])).toEqual([[{ id: base + 3, note: 'next' }]])
  })

  it('pipelined: sends a group in one socket write', async () => {
    await runners.pipelined.transactionOf([{ text: 'SELECT 1 AS warm', params: [] }])
    // The pool's one connection, which the group will use: only its writes are counted.
    const client = await pipelining.connect()
    const socket = (client as unknown as { connection: { stream: Socket } }).connection.stream
    client.release()
    const writes = await countSocketWrites(async () => {
      await runners.pipelined.transactionOf([500, 501, 502].map((id) => ({ text: insert, params: [id, 'one write'] })))
    }, socket)
    expect(writes).toBe(1)
    expect(await stored([500, 501, 502])).toEqual([500, 501, 502])
  })
})

describe("the database's pools", () => {
  it('keep an idle connection for minutes: a pause costs no new backend and no statement parsed again', () => {
    expect(IDLE_CONNECTION_MS).toBeGreaterThanOrEqual(60_000)
    // The requests' pool, and those opened beside it (a worker's; a pipelining one, as group commits use).
    const pools = [app.db.pool, app.db.openPool(1), app.db.openPool(1, { pipeline: true })]
    for (const pool of pools) expect(pool.options.idleTimeoutMillis).toBe(IDLE_CONNECTION_MS)
  })
})
