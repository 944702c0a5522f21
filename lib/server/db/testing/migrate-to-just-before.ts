/**
 * For a test of one migration on a populated database: applies every migration before it, from a copy of the
 * migrations folder without it and those after (removed again at once), so the test can write rows as they were
 * before it and then run `applyMigrations(sql)` for the rest.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SqlRunner } from '../sql'
import { DEFAULT_MIGRATIONS_DIR, applyMigrations, readMigrations } from '../migrate'

/** Applies the migrations before the first one whose name matches `migration`; returns it and those after, in order. */
export async function migrateToJustBefore(sql: SqlRunner, migration: RegExp): Promise<string[]> {
  const names = (await readMigrations()).map((entry) => entry.name)
  const cut = names.findIndex((name) => migration.test(name))
  if (cut <= 0) throw new Error(`No migration after the first matches ${migration}.`)
  const before = await mkdtemp(join(tmpdir(), 'agentloom-migrations-'))
  try {
    for (const name of names.slice(0, cut)) await cp(join(DEFAULT_MIGRATIONS_DIR, name), join(before, name), { recursive: true })
    await applyMigrations(sql, before)
  } finally {
    await rm(before, { recursive: true, force: true })
  }
  return names.slice(cut)
}
