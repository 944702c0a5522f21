/**
 * A fresh, migrated database for one test file: a new database on the Postgres server at
 * DATABASE_URL (CI), or an in-memory PGlite when DATABASE_URL is unset (no server process to
 * manage; each test file gets its own). Dropped on close.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../db/database'

export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ kind: 'memory' })

  const name = `agentloom_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const testUrl = new URL(url)
  testUrl.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() })
  return {
    ...database,
    async close() {
      await database.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await cleanup.end()
      }
    },
  }
}
