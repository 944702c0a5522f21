/**
 * How a decided approval reads: in words that fit what was asked ("Answered" for a question,
 * "Approved" for a tool call), and "Cancelled" for one closed because its run was cancelled
 * (the broker stores those as expired, and says why in the response's `closedBy`).
 */
import type { BadgeTone } from '@/components/ui'
import { APPROVAL_KINDS } from '@/lib/contracts/approval-kinds'
import type { ApprovalView } from '@/lib/contracts/approvals'

export interface ApprovalOutcome {
  label: string
  tone: BadgeTone
}

type Decided = Pick<ApprovalView, 'kind' | 'status' | 'response'>

/** Null while the approval is pending. */
export function approvalOutcome({ kind, status, response }: Decided): ApprovalOutcome | null {
  const asksForWords = APPROVAL_KINDS[kind].answeredInWords
  switch (status) {
    case 'pending':
      return null
    case 'approved':
      return { label: asksForWords ? 'Answered' : 'Approved', tone: 'success' }
    case 'denied':
      return { label: asksForWords ? 'Declined' : 'Denied', tone: 'danger' }
    case 'expired':
      return response?.closedBy === 'run_cancelled' ? { label: 'Cancelled', tone: 'neutral' } : { label: 'Expired', tone: 'neutral' }
  }
}

/** The reason a person gave with a denial, or the one the app gave for closing the request. */
export function approvalReason(response: ApprovalView['response']): string | null {
  const reason = response?.reason
  return typeof reason === 'string' && reason.trim() !== '' ? reason : null
}
