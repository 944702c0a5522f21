/**
 * For tests of what a process keeps in memory of rows it reads on every request (db/watched-cache.ts): counting the
 * statements a read sends, reading until one is kept, and a second app on the same database, which is another process
 * as Postgres sees it (its own pools and listening connection).
 */
import { assembleAppContext } from '../app-assembly'
import type { AppContext } from '../app-context'
import { openDatabase } from '../db/database'
import { countStatements } from './statement-counter'
import type { TestApp } from './test-app'
import { testDatabaseServerUrl } from './test-database'
import { databaseUrl } from './test-database-run'
import { waitFor } from './wait-for'

/** The statements `work` sends to the database named `database`. */
export async function statementsOf(database: string, work: () => Promise<unknown>): Promise<number> {
  const counter = countStatements(database)
  try {
    await work()
    await counter.settled()
    return counter.read().statements
  } finally {
    counter.stop()
  }
}

/**
 * Reads until a read sends no statement, and gives that read's value: the first read starts the process's LISTEN
 * (nothing is kept before it is in place), and the NOTIFY of a change the test just made (heard after its NOTICE)
 * empties the memory once more when it arrives. A value never kept would keep this waiting (the test times out).
 */
export function keptOnceRead<T>(database: string, read: () => Promise<T>): Promise<T> {
  return waitFor(async () => {
    let value: T | undefined
    const statements = await statementsOf(database, async () => (value = await read()))
    return statements === 0 ? value : undefined
  })
}

/** The name of the test app's database. */
export async function databaseNameOf(app: TestApp): Promise<string> {
  const [{ name }] = await app.db.sql.query<{ name: string }>(`SELECT current_database() AS name`)
  return name
}

/** An app of its own on the test app's database: what another process is to Postgres. Close its notifications and database. */
export async function anotherProcessApp(app: TestApp): Promise<AppContext> {
  const url = databaseUrl(testDatabaseServerUrl(), await databaseNameOf(app))
  return assembleAppContext(await openDatabase({ kind: 'postgres', url, migrate: false }), app.masterKey)
}
