/**
 * Opens Agentloom's database: the Postgres at DATABASE_URL, or — without it — an embedded
 * Postgres (PGlite) whose data lives under .data/, so one command runs everything on a fresh
 * machine. Both get the same migrations and the same Prisma client.
 */
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { PrismaPg } from '@prisma/adapter-pg'
import pg from 'pg'
import { PrismaClient } from '@/lib/generated/prisma/client'
import { applyMigrations } from './migrate'
import { pgSqlRunner, pgliteSqlRunner, type SqlRunner } from './sql'

export type Prisma = InstanceType<typeof PrismaClient>

export interface Database {
  prisma: Prisma
  sql: SqlRunner
  kind: 'postgres' | 'embedded'
  /** True when several processes can share this database (a real server). */
  shared: boolean
  close(): Promise<void>
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; migrate?: boolean }
  /** dataDir undefined → in memory (tests). */
  | { kind: 'embedded'; dataDir?: string; migrate?: boolean }

export function databaseOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): DatabaseOptions {
  if (env.DATABASE_URL) return { kind: 'postgres', url: env.DATABASE_URL }
  return { kind: 'embedded', dataDir: env.AGENTLOOM_DATA_DIR ?? join(process.cwd(), '.data', 'pglite') }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const database = options.kind === 'postgres' ? openPostgres(options.url) : await openEmbedded(options.dataDir)
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

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle client losing its connection must not crash the process.
  pool.on('error', (error) => console.error('[db] idle Postgres connection failed:', error.message))
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) })
  return {
    prisma,
    sql: pgSqlRunner(pool),
    kind: 'postgres',
    shared: true,
    async close() {
      await prisma.$disconnect()
      await pool.end().catch(() => {})
    },
  }
}

async function openEmbedded(dataDir: string | undefined): Promise<Database> {
  const [{ PGlite }, { PrismaPGlite }] = await Promise.all([import('@electric-sql/pglite'), import('pglite-prisma-adapter')])
  if (dataDir) await mkdir(dataDir, { recursive: true }) // PGlite does not create parent directories.
  const pglite = dataDir ? new PGlite(dataDir) : new PGlite()
  await pglite.waitReady
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) })
  return {
    prisma,
    sql: pgliteSqlRunner(pglite),
    kind: 'embedded',
    shared: false,
    async close() {
      await prisma.$disconnect()
      await pglite.close()
    },
  }
}
