import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { listAuditEntries, recordAudit } from './audit-log'

describe('the audit log', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ seed: false, install: false })
    // The test app's people get API tokens, whose making is audited: the log starts empty here.
    await app.db.prisma.auditLog.deleteMany()
    for (let index = 0; index < 5; index += 1) {
      await recordAudit(app.db.prisma, { actorId: app.admin.id, action: 'thing.update', resourceType: 'thing', resourceId: `t${index}`, details: { index } })
    }
    await recordAudit(app.db.prisma, { actorId: null, action: 'other.create', resourceType: 'other', resourceId: 'o1' })
    // Entries made within one millisecond share a createdAt and their order is then the ids' (random): one
    // second apart, in the order they were made, so "newest first" has one answer.
    const ordered = ['t0', 't1', 't2', 't3', 't4', 'o1']
    for (const [index, resourceId] of ordered.entries()) {
      await app.db.prisma.auditLog.updateMany({ where: { resourceId }, data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) } })
    }
  })
  afterAll(async () => app?.close())

  it('lists entries newest first, with the actor named', async () => {
    const { entries, nextBefore } = await listAuditEntries(app.db.prisma)
    expect(entries.map((entry) => entry.resourceId)).toEqual(['o1', 't4', 't3', 't2', 't1', 't0'])
    expect(entries[0]).toMatchObject({ actorId: null, actor: null, action: 'other.create', details: {} })
    expect(entries[1]).toMatchObject({ actorId: app.admin.id, actor: { email: app.admin.email }, details: { index: 4 }, createdAt: expect.any(String) })
    expect(nextBefore).toBeNull()
  })

  it('pages with limit and before, without gaps or repeats', async () => {
    const seen: string[] = []
    let before: string | undefined
    for (;;) {
      const page = await listAuditEntries(app.db.prisma, { limit: 2, before })
      seen.push(...page.entries.map((entry) => entry.resourceId))
      if (!page.nextBefore) break
      before = page.nextBefore
    }
    expect(seen).toEqual(['o1', 't4', 't3', 't2', 't1', 't0'])
    expect((await listAuditEntries(app.db.prisma, { before: '00000000-0000-0000-0000-000000000000' })).entries).toEqual([])
  })

  it('filters by resource and clamps the limit', async () => {
    expect((await listAuditEntries(app.db.prisma, { resourceType: 'thing', resourceId: 't2' })).entries.map((e) => e.resourceId)).toEqual(['t2'])
    expect((await listAuditEntries(app.db.prisma, { limit: 0 })).entries).toHaveLength(1)
    expect((await listAuditEntries(app.db.prisma, { limit: 10_000 })).entries).toHaveLength(6)
  })
})
