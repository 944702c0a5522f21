import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../testing/test-database'
import type { Database } from './database'
import { applyMigrations, readMigrations } from './migrate'

// The one test database that is migrated from nothing: every other is a clone of a migrated template.
describe('applyMigrations', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase('empty')
  })
  afterAll(async () => {
    await db?.close()
  })

  it('applies every migration to an empty database, in order, and records each in _prisma_migrations with its checksum', async () => {
    const migrations = await readMigrations()
    expect(await applyMigrations(db.sql)).toEqual(migrations.map((m) => m.name))
    const rows = await db.sql.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" ORDER BY migration_name',
    )
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name))
    expect(rows.map((r) => r.checksum)).toEqual(migrations.map((m) => m.checksum))
  })

  it('is idempotent: a second run applies nothing', async () => {
    expect(await applyMigrations(db.sql)).toEqual([])
  })

  it('gives Prisma a working schema', async () => {
    const workflow = await db.prisma.workflow.create({ data: { name: 'w' } })
    const found = await db.prisma.workflow.findUniqueOrThrow({ where: { id: workflow.id } })
    expect(found.name).toBe('w')
  })
})
