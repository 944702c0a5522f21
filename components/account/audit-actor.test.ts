import { describe, expect, it } from 'vitest'
import type { AuditEntryView } from '@/lib/contracts/accounts'
import { auditActor } from './audit-actor'

const entry = (change: Partial<AuditEntryView>): AuditEntryView => ({
  id: '1',
  actorId: null,
  actor: null,
  action: 'user.create',
  resourceType: 'user',
  resourceId: 'u1',
  details: {},
  workspaceId: null,
  createdAt: '2026-12-02T10:00:00.000Z',
  ...change,
})

describe('who an audit entry says acted', () => {
  it('names the user, or says they were removed', () => {
    expect(auditActor(entry({ actorId: 'u2', actor: { email: 'ada@example.test', name: 'Ada' } }))).toBe('ada@example.test')
    expect(auditActor(entry({ actorId: 'u2' }))).toBe('a removed user')
  })

  it('says a failed sign-in came from an address, not from the system', () => {
    expect(auditActor(entry({ action: 'sign_in.failure', resourceType: 'sign_in', details: { clientAddress: '203.0.113.7' } }))).toBe('someone at 203.0.113.7')
    expect(auditActor(entry({ action: 'sign_in.lock', resourceType: 'sign_in', details: { clientAddress: null } }))).toBe('someone unknown')
  })

  it('keeps the system for actions nobody signed in did', () => {
    expect(auditActor(entry({}))).toBe('the system')
  })
})
