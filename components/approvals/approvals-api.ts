/** Answering an approval through `POST /api/approvals/:id`; reading one, and the pending lists. */
import { ApiError, errorMessage, fetchJson, postJson } from '@/components/api-client'
import type { AnswerApprovalBody, ApprovalView } from '@/lib/contracts/approvals'

export type AnswerOutcome = { ok: true; approval: ApprovalView } | { ok: false; reason: 'already_answered' | 'expired' | 'error'; message: string }

export async function answerApproval(id: string, answer: AnswerApprovalBody): Promise<AnswerOutcome> {
  try {
    const { approval } = await postJson<{ approval: ApprovalView }>(`/api/approvals/${encodeURIComponent(id)}`, answer)
    return { ok: true, approval }
  } catch (error) {
    return failedOutcome(error)
  }
}

export function failedOutcome(error: unknown): Extract<AnswerOutcome, { ok: false }> {
  if (error instanceof ApiError && error.status === 409) {
    if (error.code === 'approval_expired') return { ok: false, reason: 'expired', message: 'This request expired before it was answered.' }
    return { ok: false, reason: 'already_answered', message: 'This request was already answered.' }
  }
  return { ok: false, reason: 'error', message: errorMessage(error) }
}

export async function listPendingApprovals(): Promise<ApprovalView[]> {
  const { approvals } = await fetchJson<{ approvals: ApprovalView[] }>('/api/approvals?status=pending')
  return approvals
}

/** One approval, whatever its status; the API's 404 (or 403) when the person may not answer it. */
export async function getApproval(id: string): Promise<ApprovalView> {
  const { approval } = await fetchJson<{ approval: ApprovalView }>(`/api/approvals/${encodeURIComponent(id)}`)
  return approval
}
