import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase } from '../testing/test-database'
import type { Database } from './database'
import { applyMigrations, readMigrations } from './migrate'

describe('applyMigrations', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => {
    await db?.close()
  })

  it('records every migration in _prisma_migrations with its checksum', async () => {
    const migrations = await readMigrations()
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
