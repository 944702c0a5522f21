import { Badge } from '@/components/ui'
import { JsonDisclosure } from '@/components/runs/JsonDisclosure'
import { LocalTime } from '@/components/ui/LocalTime'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { approvalOutcome, approvalReason } from './approval-outcome'
import { readSourceTitle } from './approval-payload'

const PENDING = { label: 'Pending', tone: 'warning' } as const

/**
 * Answered approvals of a run, one line each, with who answered, the reason given (a person's, or the policy's for a
 * request decided automatically) and the request and answer behind a disclosure.
 */
export function ApprovalHistory({
  approvals,
  sourceLabel = (approval) => readSourceTitle(approval.payload) ?? approval.source,
}: {
  approvals: ApprovalView[]
  sourceLabel?: (approval: ApprovalView) => string
}) {
  if (approvals.length === 0) return null
  return (
    <ul className="flex flex-col divide-y divide-zinc-100" aria-label="Answered approvals" data-testid="approval-history">
      {approvals.map((approval) => {
        const outcome = approvalOutcome(approval) ?? PENDING
        const reason = approvalReason(approval.response)
        // Who answered (a shared view never has it: share links leave people out).
        const decidedBy = typeof approval.response?.decidedBy === 'string' ? approval.response.decidedBy : null
        return (
          <li key={approval.id} data-testid="approval-history-item" data-status={approval.status} className="py-2 first:pt-0 last:pb-0">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="truncate text-[13px] font-medium text-zinc-800">{approval.title}</p>
                <p className="text-[11px] text-zinc-500">
                  {sourceLabel(approval)}
                  {decidedBy ? (
                    <>
                      {' · by '}
                      <span data-testid="approval-decided-by">{decidedBy}</span>
                    </>
                  ) : null}
                  {approval.decidedAt ? (
                    <>
                      {' · '}
                      <LocalTime iso={approval.decidedAt} />
                    </>
                  ) : null}
                </p>
              </div>
              <Badge tone={outcome.tone}>{outcome.label}</Badge>
            </div>
            {reason ? (
              <p data-testid="approval-history-reason" className="mt-0.5 text-[12px] text-zinc-600">
                {reason}
              </p>
            ) : null}
            <JsonDisclosure value={{ request: approval.payload, answer: approval.response }} label="Request and answer" />
          </li>
        )
      })}
    </ul>
  )
}
