/**
 * Opens Agentloom's database: the Postgres at DATABASE_URL, or — without it — the embedded
 * PostgreSQL server the app starts itself, whose cluster lives in the data folder
 * (AGENTLOOM_DATA_DIR, default .data/postgres; see embedded-postgres.ts), so one command runs
 * everything on a fresh machine and several processes can share it. `memory` is an in-process
 * PGlite for fast tests only. All get the same migrations and the same Prisma client.
 */
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '@/lib/generated/prisma/client'
import { leaseEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres'
import { applyMigrations } from './migrate'
import { pgSqlRunner, pgliteSqlRunner, type SqlRunner } from './sql'

export type Prisma = InstanceType<typeof PrismaClient>

export interface Database {
  prisma: Prisma
  sql: SqlRunner
  kind: 'postgres' | 'embedded' | 'memory'
  /** True when several processes can share this database (a real server). */
  shared: boolean
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; migrate?: boolean }
  /** The embedded PostgreSQL server whose data folder is `dataDir`. */
  | { kind: 'embedded'; dataDir: string; migrate?: boolean }
  /** An in-process, in-memory PGlite: one process, gone on close (fast tests). */
  | { kind: 'memory'; migrate?: boolean }

export function defaultDataDir(cwd: string = process.cwd()): string {
  return join(cwd, '.data', 'postgres')
}

export function databaseOptionsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  return { kind: 'embedded', dataDir: env.AGENTLOOM_DATA_DIR || defaultDataDir() }
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
      return openEmbedded(options.dataDir)
    case 'memory':
      return openMemory()
  }
}

function openPostgres(url: string): Database {
  return onPool(new pg.Pool({ connectionString: url, max: 10 }), 'postgres', async () => {})
}

async function openEmbedded(dataDir: string): Promise<Database> {
  noteOldPgliteData(dataDir)
  const lease = await leaseEmbeddedPostgres(dataDir)
  const pool = new pg.Pool({ ...lease.server.connection(), max: 10, Client: embeddedClientClass(lease.server) })
  return onPool(pool, 'embedded', lease.release)
}

function onPool(pool: pg.Pool, kind: 'postgres' | 'embedded', afterClose: () => Promise<void>): Database {
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle Postgres connection failed:', error.message))
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  return {
    prisma,
    sql: pgSqlRunner(pool),
    kind,
    shared: true,
    async close() {
      await prisma.$disconnect()
      await pool.end().catch(() => {})
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
  console.warn(`[db] ${old} holds the PGlite database of an earlier Agentloom; it is no longer used (the embedded database is now a PostgreSQL server in ${dataDir}), and nothing was copied from it.`)
}

/** A data folder written by the PGlite of earlier versions (a cluster at its top level). */
function isOldPgliteFolder(dir: string): boolean {
  return existsSync(join(dir, 'PG_VERSION'))
}

async function openMemory(): Promise<Database> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')])
  const pglite = new PGlite()
  await pglite.waitReady
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) })
  return {
    prisma,
    sql: pgliteSqlRunner(pglite),
    kind: 'memory',
    shared: false,
    async close() {
      await prisma.$disconnect()
      await pglite.close()
    },
  }
}
