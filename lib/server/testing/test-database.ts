/**
 * A fresh database for one test file. It lives on the Postgres server at DATABASE_URL (CI) or,
 * without it, on the one embedded PostgreSQL server vitest's global setup starts for the whole
 * run (vitest-global-setup.ts). Either way a real server: the same code path as the app,
 * LISTEN/NOTIFY and several connections included.
 *
 * Under vitest's global setup it is a clone of the run's template with the contents asked for
 * (test-database-run.ts), and it is dropped with the run's other databases when the run ends;
 * without it (another config) it is made and filled here, and dropped on close.
 */
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../db/database'
import { databaseUrl, fillTestDatabase, runAsAdmin, testDatabaseName, type TestDatabaseContents, type TestDatabaseRun } from './test-database-run'

/** `contents`: what the database holds when handed over (default: the app's migrations applied). */
export async function createTestDatabase(contents: TestDatabaseContents = 'schema'): Promise<Database> {
  const serverUrl = testDatabaseServerUrl()
  // Undefined under a config without vitest-global-setup.ts.
  const run = inject('testDatabaseRun') as TestDatabaseRun | undefined
  const unique = randomBytes(6).toString('hex')
  if (run && contents !== 'empty') {
    const name = testDatabaseName(run.prefix, unique)
    await runAsAdmin(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${run.templates[contents]}"`)
    // Migrating checks the template is current (a migration written while vitest watches is applied here).
    return openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) })
  }
  const name = run ? testDatabaseName(run.prefix, unique) : `agentloom_test_${unique}`
  await runAsAdmin(serverUrl, `CREATE DATABASE "${name}"`)
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), migrate: false })
  await fillTestDatabase(database, contents)
  if (run) return database
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
