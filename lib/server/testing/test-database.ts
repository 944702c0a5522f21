/**
 * A fresh, migrated database for one test file, dropped on close. It lives on the Postgres
 * server at DATABASE_URL (CI) or, without it, on the one embedded PostgreSQL server vitest's
 * global setup starts for the whole run (vitest-global-setup.ts). Either way a real server:
 * the same code path as the app, LISTEN/NOTIFY and several connections included.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/database'

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = testDatabaseServerUrl()
  const name = `agentloom_test_${randomBytes(6).toString('hex')}`
  await runAsAdmin(serverUrl, `CREATE DATABASE "${name}"`)
  const testUrl = new URL(serverUrl)
  testUrl.pathname = `/${name}`
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString() })
  return {
    ...database,
    async close() {
      await database.close()
      await runAsAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    },
  }
}

/** A connection string to the server test databases are made on (its maintenance database). */
export function testDatabaseServerUrl(): string {
  const url = process.env.DATABASE_URL || inject('testDatabaseServer')
  if (!url) {
    throw new Error(
      'No server for test databases: set DATABASE_URL, or run the tests through vitest.config.ts, whose global setup starts an embedded PostgreSQL.',
    )
  }
  return url
}

async function runAsAdmin(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}
