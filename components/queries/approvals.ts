'use client'

/**
 * Approvals: the pending list of the inbox, and answering one. The list is not polled: the
 * navigation's inbox stream (use-approval-inbox-events.ts) invalidates it whenever it changed.
 */
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { answerApproval, getApproval, listPendingApprovals } from '@/components/approvals/approvals-api'
import type { AnswerApprovalBody, ApprovalView } from '@/lib/contracts/approvals'

export const approvalKeys = {
  all: ['approvals'] as const,
  pending: () => [...approvalKeys.all, 'pending'] as const,
  detail: (id: string) => [...approvalKeys.all, 'detail', id] as const,
}

const oldestFirst = (approvals: ApprovalView[]) => [...approvals].sort((a, b) => a.createdAt.localeCompare(b.createdAt))

/** Pending approvals across all runs, oldest first. */
export function usePendingApprovalsQuery() {
  return useQuery({ queryKey: approvalKeys.pending(), queryFn: listPendingApprovals, select: oldestFirst })
}

/** One approval; nothing is asked while `id` is null. No retry: a 404 is an answer (not the person's, or gone). */
export function useApprovalQuery(id: string | null) {
  return useQuery({ queryKey: approvalKeys.detail(id ?? ''), queryFn: id === null ? skipToken : () => getApproval(id), retry: false })
}

/**
 * Answers an approval. The answer comes back as an outcome (answered, already answered, expired,
 * failed) rather than as a thrown error, so a conflict is something to show, not a failure.
 */
export function useAnswerApproval() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: AnswerApprovalBody }) => answerApproval(id, answer),
    // Answered here or by someone first: either way the pending list changed.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: approvalKeys.pending() }),
  })
}
