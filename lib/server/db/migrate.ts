/**
 * Applies each prisma/migrations/<name>/migration.sql in order inside one transaction (all or nothing), and records
 * them in `_prisma_migrations` with Prisma's own columns, so `prisma migrate deploy` stays
 * compatible on machines that have Prisma's native engine. No engine is needed: the files are SQL.
 */
import { createHash, randomUUID } from 'node:crypto'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { SqlRunner } from './sql'

// turbopackIgnore: the migrations are read at run time from the app's folder, not bundled; without
// it the build traces the whole project into its output.
export const DEFAULT_MIGRATIONS_DIR = join(/*turbopackIgnore: true*/ process.cwd(), 'prisma', 'migrations')

const CREATE_HISTORY_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`

// Serialises migrators across processes (web and workers starting together) on a real Postgres.
const MIGRATION_LOCK_KEY = 72_707_369

export interface Migration {
  name: string
  sql: string
  checksum: string
}

export async function readMigrations(dir = DEFAULT_MIGRATIONS_DIR): Promise<Migration[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8')
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') }
    }),
  )
}

/** Applies pending migrations; returns the names applied now. */
export async function applyMigrations(db: SqlRunner, dir = DEFAULT_MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readMigrations(dir)
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY])
    await tx.exec(CREATE_HISTORY_TABLE)
    const rows = await tx.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    )
    const applied = new Map(rows.map((row) => [row.migration_name, row.checksum]))
    const appliedNow: string[] = []
    for (const migration of migrations) {
      const known = applied.get(migration.name)
      if (known !== undefined) {
        if (known !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was changed after it was applied (checksum differs). Write a new migration instead.`)
        }
        continue
      }
      await tx.exec(migration.sql)
      await tx.query('INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)', [
        randomUUID(),
        migration.checksum,
        migration.name,
      ])
      appliedNow.push(migration.name)
    }
    return appliedNow
  })
}
