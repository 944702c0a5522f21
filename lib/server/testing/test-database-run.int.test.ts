import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { dropAbandonedTestDatabases, runAsAdmin, testDatabaseName, testDatabaseRunPrefix } from './test-database-run'
import { createTestDatabase, testDatabaseServerUrl } from './test-database'

async function databaseNames(): Promise<string[]> {
  const admin = new pg.Client({ connectionString: testDatabaseServerUrl() })
  await admin.connect()
  try {
    return (await admin.query<{ datname: string }>('SELECT datname FROM pg_database')).rows.map((row) => row.datname)
  } finally {
    await admin.end()
  }
}

describe('test databases cloned from the run’s templates', () => {
  const opened: Database[] = []
  afterAll(async () => {
    await Promise.all(opened.map((db) => db.close()))
  })

  it('clones several at once, each with the contents asked for and writable on its own', async () => {
    const [schema, queue, app, again] = await Promise.all([
      createTestDatabase('schema'),
      createTestDatabase('queue'),
      createTestDatabase('app'),
      createTestDatabase('app'),
    ])
    opened.push(schema, queue, app, again)
    const queueSchema = 'SELECT count(*)::int AS n FROM information_schema.schemata WHERE schema_name = $1'
    expect(await schema.sql.query(queueSchema, ['graphile_worker'])).toEqual([{ n: 0 }])
    expect(await queue.sql.query(queueSchema, ['graphile_worker'])).toEqual([{ n: 1 }])
    expect(await queue.prisma.workflow.count()).toBe(0)
    expect(await app.prisma.workflow.count()).toBe(1)

    await app.prisma.workflow.create({ data: { name: 'only here' } })
    expect(await again.prisma.workflow.count()).toBe(1)
  })

  it('makes an empty one with no tables at all', async () => {
    const empty = await createTestDatabase('empty')
    opened.push(empty)
    expect(await empty.sql.query("SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'")).toEqual([{ n: 0 }])
  })

  it('drops the databases of a run whose vitest process has ended, and no other', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid
    const abandoned = testDatabaseName(testDatabaseRunPrefix(ended), 'abandoned')
    const live = testDatabaseName(testDatabaseRunPrefix(process.pid), 'live')
    const server = testDatabaseServerUrl()
    await runAsAdmin(server, `CREATE DATABASE "${abandoned}"`)
    await runAsAdmin(server, `CREATE DATABASE "${live}"`)
    try {
      await dropAbandonedTestDatabases(server)
      const names = await databaseNames()
      expect(names).not.toContain(abandoned)
      expect(names).toContain(live)
    } finally {
      await runAsAdmin(server, `DROP DATABASE IF EXISTS "${abandoned}"`)
      await runAsAdmin(server, `DROP DATABASE IF EXISTS "${live}"`)
    }
  })
})
