'use client'

/**
 * Marks a live run's approvals escalated while its page is open. An escalation is no run event: it reaches the page
 * through the person's inbox stream (use-approval-inbox-events.ts, kept open by the navigation), which refreshes the
 * pending lists, this run's among them; an approval the list has escalated and the view not yet is handed to the view.
 * After a reload the run's own record carries it (run-state.ts keeps it over the replayed request event).
 */
import { useEffect } from 'react'
import { useRunPendingApprovalsQuery } from '@/components/queries/approvals'
import type { ApprovalView } from '@/lib/contracts/approvals'

export function useRunEscalations(
  runId: string,
  following: boolean,
  shown: Readonly<Record<string, ApprovalView>>,
  applyApproval: (approval: ApprovalView) => void,
): void {
  const pending = useRunPendingApprovalsQuery(runId, following).data
  useEffect(() => {
    for (const approval of pending ?? []) if (approval.escalatedAt && !shown[approval.id]?.escalatedAt) applyApproval(approval)
  }, [pending, shown, applyApproval])
}
