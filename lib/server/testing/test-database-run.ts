/**
 * The databases of one vitest run. Migrating a database and installing graphile-worker's schema
 * took seconds per test file, and dropping one forces a checkpoint; so vitest's global setup
 * builds each kind of content once, in a template database, every test database is a clone of
 * one (`CREATE DATABASE … TEMPLATE`), and the run's databases are dropped together when it ends.
 * Templates refuse connections once built: Postgres cannot clone a database someone is connected
 * to, and with nobody able to connect, concurrent clones never collide.
 * Names carry the host and the vitest process, so a later run can tell an abandoned run's
 * databases (its process is gone) from those of a run still going on the same server.
 */
import { createHash } from 'node:crypto'
import { hostname } from 'node:os'
import pg from 'pg'
import { openDatabase, type Database } from '../db/database'
import { applyMigrations } from '../db/migrate'
import { isProcessAlive } from '../db/postgres-processes'
import { migrateQueue } from '../runs/queue/queue-setup'
import { seedExampleData } from '../seed'

/**
 * What a test database holds. Each kind includes the one before it.
 * - `empty`: no tables (migration tests run the migrations themselves);
 * - `schema`: the app's migrations applied;
 * - `queue`: and graphile-worker's schema, which every app process installs when it opens the database;
 * - `app`: and the example data the app seeds at start (what createTestApp starts from).
 */
const TEST_DATABASE_CONTENTS = ['empty', 'schema', 'queue', 'app'] as const
export type TestDatabaseContents = (typeof TEST_DATABASE_CONTENTS)[number]
type TemplateContents = Exclude<TestDatabaseContents, 'empty'>

/** What the test processes are told about their run (`inject('testDatabaseRun')`). */
export interface TestDatabaseRun {
  /** Every database of the run is named with it, so that the run's end can drop them all. */
  prefix: string
  templates: Record<TemplateContents, string>
}

const NAME_PATTERN = /^agentloom_(?:test|template)_([0-9a-f]{6})_(\d+)_/
const DROP_CONCURRENCY = 4

/** `runner` names the process the run belongs to; its databases are abandoned once it has ended. */
export function testDatabaseRunPrefix(runner: number = process.pid): string {
  return `${hostTag()}_${runner}_`
}

export function testDatabaseName(prefix: string, unique: string): string {
  return `agentloom_test_${prefix}${unique}`
}

/** Builds the templates (each cloned from the one before it), then closes them to connections. */
export async function prepareTestDatabaseRun(serverUrl: string, prefix: string = testDatabaseRunPrefix()): Promise<TestDatabaseRun> {
  const templates = {} as Record<TemplateContents, string>
  let previous: string | undefined
  for (const contents of TEST_DATABASE_CONTENTS) {
    if (contents === 'empty') continue
    const name = `agentloom_template_${prefix}${contents}`
    await runAsAdmin(serverUrl, previous ? `CREATE DATABASE "${name}" TEMPLATE "${previous}"` : `CREATE DATABASE "${name}"`)
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name), migrate: false })
    try {
      await fillTestDatabase(database, contents)
    } finally {
      await database.close()
    }
    await runAsAdmin(serverUrl, `ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS false`)
    templates[contents] = name
    previous = name
  }
  return { prefix, templates }
}

/** Gives `database` the contents named (each step is idempotent: it does what is missing). */
export async function fillTestDatabase(database: Database, contents: TestDatabaseContents): Promise<void> {
  const rank = TEST_DATABASE_CONTENTS.indexOf(contents)
  if (rank >= TEST_DATABASE_CONTENTS.indexOf('schema')) await applyMigrations(database.sql)
  if (rank >= TEST_DATABASE_CONTENTS.indexOf('queue')) await migrateQueue(database.pool)
  if (rank >= TEST_DATABASE_CONTENTS.indexOf('app')) await seedExampleData(database.prisma)
}

/** Drops every database of the run whose names start with `prefix` (templates included). */
export async function dropTestDatabaseRun(serverUrl: string, prefix: string): Promise<void> {
  const names = await listDatabases(serverUrl)
  await dropAll(
    serverUrl,
    names.filter((name) => name.startsWith(`agentloom_test_${prefix}`) || name.startsWith(`agentloom_template_${prefix}`)),
  )
}

/** Drops the databases of runs on this host whose vitest process has ended (killed before its teardown). */
export async function dropAbandonedTestDatabases(serverUrl: string): Promise<void> {
  const names = await listDatabases(serverUrl)
  const abandoned = names.filter((name) => {
    const [, host, runner] = NAME_PATTERN.exec(name) ?? []
    return host === hostTag() && !isProcessAlive(Number(runner))
  })
  await dropAll(serverUrl, abandoned)
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

export async function runAsAdmin(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(sql)
  } finally {
    await admin.end()
  }
}

async function listDatabases(serverUrl: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'agentloom\\_%'")
    return rows.map((row) => row.datname)
  } finally {
    await admin.end()
  }
}

/** Concurrent drops share the checkpoint each one asks for, so a few at a time cost about one. */
async function dropAll(serverUrl: string, names: string[]): Promise<void> {
  const queue = [...names]
  const dropNext = async (): Promise<void> => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      await runAsAdmin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
    }
  }
  await Promise.all(Array.from({ length: Math.min(DROP_CONCURRENCY, queue.length) }, dropNext))
}

/** Six hex digits of the host's name: pids are only comparable on the same host. */
function hostTag(): string {
  return createHash('sha256').update(hostname()).digest('hex').slice(0, 6)
}
