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
})
