/**
 * Opens Agentloom's database: the Postgres at DATABASE_URL, or — without it — the embedded
 * PostgreSQL server the app starts itself, whose cluster lives in the data folder
 * (AGENTLOOM_DATA_DIR, default .data/postgres; see embedded-postgres.ts), so one command runs
 * everything on a fresh machine and several processes can share it. Both get the same migrations
 * and the same Prisma client.
 */
import { EventEmitter } from 'node:events'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '@/lib/generated/prisma/client'
import { leaseEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres'
import { makeOpenFolder, placeDefaultDataDir } from './embedded-postgres-placement'
import { serverUserFor } from './postgres-processes'
import { applyMigrations } from './migrate'
import { pgSqlRunner, type SqlRunner } from './sql'

export type Prisma = InstanceType<typeof PrismaClient>

export interface Database {
  prisma: Prisma
  sql: SqlRunner
  kind: 'postgres' | 'embedded'
  /** The pool Prisma and `sql` use (HTTP requests and services). */
  pool: pg.Pool
  /**
   * A further pool on the same database, closed with it: a worker gets its own, sized to its
   * concurrency, so a burst of requests cannot starve runs (and the reverse).
   */
  openPool(max: number, options?: { pipeline?: boolean }): pg.Pool
  /** A dedicated connection outside every pool (LISTEN needs one); the caller ends it. */
  connectClient(): Promise<pg.Client>
  /**
   * Calls `listener` with the text of every NOTICE Postgres sends a pooled connection, before the statement that raised
   * it returns (row-change-watch.ts hears its triggers' announcements of changes this process made); returns the unsubscribe.
   */
  onNotice(listener: (message: string) => void): () => void
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; migrate?: boolean }
  /** The embedded PostgreSQL server whose data folder is `dataDir`; `notice` is said once when it is opened. */
  | { kind: 'embedded'; dataDir: string; migrate?: boolean; notice?: string }

export function databaseOptionsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, cwd: string = process.cwd()): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  if (env.AGENTLOOM_DATA_DIR) return { kind: 'embedded', dataDir: env.AGENTLOOM_DATA_DIR }
  const { dataDir, notice } = placeDefaultDataDir(cwd, serverUserFor(), env)
  return { kind: 'embedded', dataDir, ...(notice ? { notice } : {}) }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = await openByKind(options)
  if (options.migrate !== false) {
    try {
      await applyMigrations(database.sql)
    } catch (error) {
      await database.close()
      throw error
    }
  }
  return database
}

function openByKind(options: DatabaseOptions): Promise<Database> {
  switch (options.kind) {
    case 'postgres':
      return Promise.resolve(openPostgres(options.url))
    case 'embedded':
      return openEmbedded(options.dataDir, options.notice)
  }
}

/** The pool HTTP requests and services share. */
const MAIN_POOL_SIZE = 10
/** The pipelining connections of `sql.transactionOf`: as many as group commits may be in flight at once. */
const PIPELINED_POOL_SIZE = 2
/**
 * How long a pool keeps a connection no one uses. pg's default, 10 s, closed them after any short pause, and a
 * connection takes with it its backend's warm catalog caches and the statements prepared on it: the first requests
 * after a quiet moment each paid for connecting and for parsing their statements again (the run claim's parse took
 * 40–75 ms on a fresh backend). At half load after a pause (bench/run-throughput.ts --rate, BENCHMARKS.md
 * "Session 33"), create p99 fell from 117–204 ms to 75–119 ms in the web setup and from 240–299 ms to 111–166 ms in
 * split1, whose event delivery p99 fell from 102–145 ms to 46–92 ms. A pool holds at most its size (10 + 2 here; a
 * worker's, its concurrency + 3: 7 by default), so keeping them costs Postgres a few idle backends.
 */
export const IDLE_CONNECTION_MS = 5 * 60_000

function openPostgres(url: string): Database {
  return onServer({ connectionString: url }, 'postgres', async () => {})
}

/** Where the app's data is, in words for the start's output (never the connection string: it may hold a password). */
export function describeDatabase(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const options = databaseOptionsFromEnv(env)
  return options.kind === 'postgres' ? 'the PostgreSQL server at DATABASE_URL' : `the embedded PostgreSQL server, data in ${options.dataDir}`
}

const noticesSaid = new Set<string>()

async function openEmbedded(dataDir: string, notice: string | undefined): Promise<Database> {
  if (notice) {
    if (!noticesSaid.has(notice)) process.stderr.write(`${notice}\n`)
    noticesSaid.add(notice)
    // The fallback folder and the checkout's folder in it, open to the server's user (the data folder itself stays private).
    await makeOpenFolder(dirname(dirname(dataDir)))
    await makeOpenFolder(dirname(dataDir))
  }
  noteOldPgliteData(dataDir)
  const lease = await leaseEmbeddedPostgres(dataDir)
  return onServer({ ...lease.server.connection(), Client: embeddedClientClass(lease.server) }, 'embedded', lease.release)
}

/**
 * Prisma keeps DateTime as UTC in `timestamp` columns, and raw SQL writes `now()` into the same
 * columns: every session runs in UTC so that both agree, whatever the server's or host's zone,
 * and node-pg reads such a column back as UTC too (its default is the process's local zone).
 */
const UTC_SESSION = '-c TimeZone=UTC'
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, (text) => new Date(`${text.replace(' ', 'T')}Z`))

/**
 * Notices are sent to every connection whatever the server's or role's `client_min_messages` says: the triggers of
 * row-change-watch.ts tell the process that made a change by one, before its statement returns.
 */
const NOTICES_SENT = '-c client_min_messages=notice'

function onServer(serverConfig: pg.PoolConfig, kind: 'postgres' | 'embedded', afterClose: () => Promise<void>): Database {
  const config: pg.PoolConfig = { ...serverConfig, options: [serverConfig.options, UTC_SESSION, NOTICES_SENT].filter(Boolean).join(' ') }
  const pools: pg.Pool[] = []
  const notices = new EventEmitter().setMaxListeners(0)
  const openPool = (max: number, { pipeline = false }: { pipeline?: boolean } = {}) => {
    // pg's pipeline mode (a client writes its queries without waiting for the answers before): see sql.ts's transactionOf.
    const pool = new pg.Pool({ ...config, max, idleTimeoutMillis: IDLE_CONNECTION_MS, ...(pipeline ? { pipeline } : {}) } as pg.PoolConfig)
    // An idle client losing its connection must not crash the process.
    pool.on('error', (error) => console.error('[db] idle Postgres connection failed:', error.message))
    // A connection that fails while checked out reports to its query; this keeps the process up meanwhile.
    pool.on('connect', (client) => {
      client.on('error', (error) => console.error('[db] Postgres connection failed:', error.message))
      client.on('notice', (notice) => notices.emit('notice', notice.message ?? ''))
    })
    pools.push(pool)
    return pool
  }
  const pool = openPool(MAIN_POOL_SIZE)
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  const ClientClass = (config.Client as typeof pg.Client | undefined) ?? pg.Client
  return {
    prisma,
    // Connections open only when used: a group commit's (runs/events/group-commit.ts), one per commit in flight.
    sql: pgSqlRunner(pool, { pipelined: openPool(PIPELINED_POOL_SIZE, { pipeline: true }) }),
    kind,
    pool,
    openPool,
    async connectClient() {
      const client = new ClientClass(config)
      await client.connect()
      return client
    },
    onNotice(listener) {
      notices.on('notice', listener)
      return () => notices.off('notice', listener)
    },
    async close() {
      await prisma.$disconnect()
      await Promise.all(pools.map((p) => p.end().catch(() => {})))
      await afterClose()
    },
  }
}

/**
 * Connections to the embedded server check first that it is running, and start it again if it
 * is not (its starter may have stopped it while this process still uses it).
 */
function embeddedClientClass(server: EmbeddedPostgres) {
  return class EmbeddedClient extends pg.Client {
    override connect(): Promise<pg.Client>
    override connect(callback: (error: Error | null, client?: pg.Client) => void): void
    override connect(callback?: (error: Error | null, client?: pg.Client) => void): Promise<pg.Client> | void {
      const connected = server
        .ensureAvailable()
        .then(() => super.connect())
        .catch((error: unknown) => {
          server.markSuspect()
          throw error
        })
      if (!callback) return connected
      connected.then(
        (client) => callback(null, client),
        (error: Error) => callback(error),
      )
    }
  }
}

let oldPgliteNoted = false

/** Earlier versions kept an in-process PGlite database in .data/pglite; nothing reads it now. */
function noteOldPgliteData(dataDir: string): void {
  const old = [join(dirname(dataDir), 'pglite'), dataDir].find(isOldPgliteFolder)
  if (!old || oldPgliteNoted) return
  oldPgliteNoted = true
  console.warn(
    `[db] ${old} holds the PGlite database of an earlier Agentloom; it is no longer used (the embedded database is now a PostgreSQL server in ${dataDir}), and nothing was copied from it.`,
  )
}

/** A data folder written by the PGlite of earlier versions (a cluster at its top level). */
function isOldPgliteFolder(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'))
}
