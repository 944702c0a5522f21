import { describe, expect, it } from 'vitest'
import { approvalOutcome, approvalReason } from './approval-outcome'

describe('approvalOutcome', () => {
  it('reads an answered question as answered, an approved tool call or sampling request as approved', () => {
    expect(approvalOutcome({ kind: 'human_input', status: 'approved', response: { decision: 'approve', content: { text: 'yes' } } })?.label).toBe('Answered')
    expect(approvalOutcome({ kind: 'elicitation', status: 'approved', response: { decision: 'approve' } })?.label).toBe('Answered')
    expect(approvalOutcome({ kind: 'tool_call', status: 'approved', response: { decision: 'approve' } })?.label).toBe('Approved')
    expect(approvalOutcome({ kind: 'sampling', status: 'approved', response: { decision: 'approve' } })?.label).toBe('Approved')
  })

  it('reads a refused question as declined and a refused approval as denied', () => {
    expect(approvalOutcome({ kind: 'human_input', status: 'denied', response: { decision: 'deny' } })?.label).toBe('Declined')
    expect(approvalOutcome({ kind: 'tool_call', status: 'denied', response: { decision: 'deny' } })?.label).toBe('Denied')
  })

  it('tells a request closed by cancelling its run from one nobody answered in time', () => {
    const cancelled = { decision: 'deny', reason: 'The run was cancelled.', closedBy: 'run_cancelled' }
    expect(approvalOutcome({ kind: 'sampling', status: 'expired', response: cancelled })?.label).toBe('Cancelled')
    expect(approvalOutcome({ kind: 'sampling', status: 'expired', response: { decision: 'deny', closedBy: 'expiry' } })?.label).toBe('Expired')
    expect(approvalOutcome({ kind: 'sampling', status: 'expired', response: null })?.label).toBe('Expired')
  })

  it('has no outcome while pending', () => {
    expect(approvalOutcome({ kind: 'tool_call', status: 'pending', response: null })).toBeNull()
  })
})

describe('approvalReason', () => {
  it('gives a non-empty reason, else null', () => {
    expect(approvalReason({ decision: 'deny', reason: 'Too costly' })).toBe('Too costly')
    expect(approvalReason({ decision: 'deny', reason: '  ' })).toBeNull()
    expect(approvalReason({ decision: 'approve' })).toBeNull()
    expect(approvalReason(null)).toBeNull()
  })
})
