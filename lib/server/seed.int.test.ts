import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from './db/database'
import { EXAMPLE_WORKFLOW_ID, seedExampleData } from './seed'
import { createTestDatabase } from './testing/test-database'

describe('seedExampleData', () => {
  let db: Database
  beforeAll(async () => {
    db = await createTestDatabase()
  })
  afterAll(async () => db?.close())

  it('survives several processes seeding one fresh database at once, and is idempotent', async () => {
    await Promise.all([seedExampleData(db.prisma), seedExampleData(db.prisma), seedExampleData(db.prisma)])
    await seedExampleData(db.prisma)
    expect(await db.prisma.workflow.count({ where: { id: EXAMPLE_WORKFLOW_ID } })).toBe(1)
    expect(await db.prisma.workflowVersion.count({ where: { workflowId: EXAMPLE_WORKFLOW_ID } })).toBe(1)
    expect(await db.prisma.mcpServer.count({ where: { id: 'research-assistant' } })).toBe(1)
  })

  it('gives the example to the first admin when one was made before the first start (npm run admin)', async () => {
    const fresh = await createTestDatabase()
    try {
      await fresh.prisma.user.create({ data: { id: 'first-admin', name: 'Ada', email: 'ada@example.test', role: 'admin' } })
      await seedExampleData(fresh.prisma)
      expect(await fresh.prisma.workflow.findUnique({ where: { id: EXAMPLE_WORKFLOW_ID }, select: { ownerId: true } })).toEqual({ ownerId: 'first-admin' })
      expect(await fresh.prisma.mcpServer.findFirst({ where: { id: 'research-assistant' }, select: { ownerId: true } })).toEqual({ ownerId: 'first-admin' })
    } finally {
      await fresh.close()
    }
  })
})
