import { Badge, type BadgeTone } from '@/components/ui'
import { JsonDisclosure } from '@/components/runs/JsonDisclosure'
import { LocalTime } from '@/components/runs/LocalTime'
import type { ApprovalStatus, ApprovalView } from '@/lib/contracts/approvals'

const TONE: Record<ApprovalStatus, BadgeTone> = { pending: 'warning', approved: 'success', denied: 'danger', expired: 'neutral' }
const LABEL: Record<ApprovalStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied', expired: 'Expired' }

/** Answered approvals of a run, one line each, with the request and answer behind a disclosure. */
export function ApprovalHistory({ approvals }: { approvals: ApprovalView[] }) {
  if (approvals.length === 0) return null
  return (
    <ul className="flex flex-col divide-y divide-zinc-100" aria-label="Answered approvals" data-testid="approval-history">
      {approvals.map((approval) => (
        <li key={approval.id} className="py-2 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate text-[13px] font-medium text-zinc-800">{approval.title}</p>
              <p className="text-[11px] text-zinc-500">
                {approval.source}
                {approval.decidedAt ? (
                  <>
                    {' · '}
                    <LocalTime iso={approval.decidedAt} />
                  </>
                ) : null}
              </p>
            </div>
            <Badge tone={TONE[approval.status]}>{LABEL[approval.status]}</Badge>
          </div>
          <JsonDisclosure value={{ request: approval.payload, answer: approval.response }} label="Request and answer" />
        </li>
      ))}
    </ul>
  )
}
