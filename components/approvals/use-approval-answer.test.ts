import { describe, expect, it } from 'vitest'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { UNANSWERED, answerReducer, shownApproval, type AnswerEvent, type AnswerState } from './use-approval-answer'

const pendingApproval: ApprovalView = {
  id: 'a1',
  runId: 'r1',
  kind: 'tool_call',
  status: 'pending',
  source: 'files',
  title: 'Call delete_file',
  payload: { toolName: 'delete_file', arguments: { path: '/tmp/x' } },
  response: null,
  expiresAt: '2026-01-01T00:10:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  decidedAt: null,
}
const approved: ApprovalView = { ...pendingApproval, status: 'approved', response: { decision: 'approve' }, decidedAt: '2026-01-01T00:01:00.000Z' }

const run = (...events: AnswerEvent[]): AnswerState => events.reduce(answerReducer, UNANSWERED)

describe('answering an approval from its card', () => {
  it("keeps the server's record of an answer that got through", () => {
    expect(run({ type: 'sent' }, { type: 'settled', outcome: { ok: true, approval: approved } })).toEqual({
      answered: approved,
      conflict: null,
      failure: null,
    })
  })

  it('shows a conflict (answered elsewhere, expired) as such, not as a failure', () => {
    const state = run({ type: 'sent' }, { type: 'settled', outcome: { ok: false, reason: 'expired', message: 'This request expired before it was answered.' } })
    expect(state).toMatchObject({ conflict: { reason: 'expired', message: 'This request expired before it was answered.' }, failure: null })
  })

  it('shows a failure until the answer is sent again', () => {
    const failed = run({ type: 'sent' }, { type: 'settled', outcome: { ok: false, reason: 'error', message: 'Could not reach the server.' } })
    expect(failed).toMatchObject({ failure: 'Could not reach the server.', conflict: null })
    expect(answerReducer(failed, { type: 'sent' }).failure).toBeNull()
  })

  it("shows this card's answer until the given approval is no longer pending, then the given one", () => {
    expect(shownApproval(pendingApproval, null)).toBe(pendingApproval)
    expect(shownApproval(pendingApproval, approved)).toBe(approved)
    const deniedElsewhere: ApprovalView = { ...pendingApproval, status: 'denied' }
    expect(shownApproval(deniedElsewhere, approved)).toBe(deniedElsewhere)
  })
})
