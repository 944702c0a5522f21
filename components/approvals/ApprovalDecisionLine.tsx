import { LocalTime } from '@/components/ui/LocalTime'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { approvalOutcome, approvalReason } from './approval-outcome'

/** A decided approval's outcome in a sentence: what was decided, when, and the reason given. */
export function ApprovalDecisionLine({ approval }: { approval: ApprovalView }) {
  const outcome = approvalOutcome(approval)
  if (!outcome) return null
  const reason = approvalReason(approval.response)
  const decidedBy = typeof approval.response?.decidedBy === 'string' ? approval.response.decidedBy : null
  return (
    <p className="rounded-md bg-zinc-50 px-3 py-2 text-sm text-zinc-700" data-testid="approval-decision">
      <span className="font-medium">{outcome.label}</span>
      {decidedBy ? (
        <span>
          {' '}
          by <span data-testid="approval-decided-by">{decidedBy}</span>
        </span>
      ) : null}
      {approval.decidedAt ? (
        <>
          {' '}
          <LocalTime iso={approval.decidedAt} className="text-zinc-500" />
        </>
      ) : null}
      {reason ? <span className="block text-zinc-600">{reason}</span> : null}
    </p>
  )
}
