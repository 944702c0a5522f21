/** Making and revoking an API token are security events: each is in the audit log, without the token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-app'
import { ApiTokenService } from './api-tokens'

describe('API token audit', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp()
  })
  afterAll(async () => app?.close())

  it('records who made and revoked which token, never the token itself', async () => {
    const member = await app.addUser('member')
    const tokens = new ApiTokenService(app.db.prisma, app.db.sql)
    const { token, apiToken } = await tokens.create(member.id, 'ci')
    expect(await tokens.revoke(member.id, apiToken.id)).toBe(true)
    expect(await tokens.revoke(member.id, apiToken.id)).toBe(false)
    const entries = await app.db.prisma.auditLog.findMany({ where: { resourceType: 'api_token', resourceId: apiToken.id }, orderBy: { createdAt: 'asc' } })
    expect(entries.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['api_token.create', member.id],
      ['api_token.revoke', member.id],
    ])
    expect(JSON.stringify(entries)).not.toContain(token)
  })
})
