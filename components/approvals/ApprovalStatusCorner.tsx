import { Badge, cn } from '@/components/ui'
import { LocalTime } from '@/components/ui/LocalTime'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { approvalOutcome } from './approval-outcome'
import { describeExpiry, isExpiringSoon } from './expiry'
import type { AnswerConflict } from './use-approval-answer'

/** The card's top right: how it was decided, or the time left to decide it. */
export function ApprovalStatusCorner({
  approval,
  conflict,
  remaining,
  now,
}: {
  approval: ApprovalView
  conflict: AnswerConflict | null
  remaining: number | null
  now: number | null
}) {
  if (conflict) return <Badge tone="neutral">{conflict.reason === 'expired' ? 'Expired' : 'Already answered'}</Badge>
  const status = approvalOutcome(approval)
  if (status) {
    return (
      <div className="flex flex-col items-end gap-1">
        <Badge tone={status.tone} data-testid="approval-status">
          {status.label}
        </Badge>
        {approval.decidedAt ? <LocalTime iso={approval.decidedAt} className="text-[11px] text-zinc-400" /> : null}
      </div>
    )
  }
  if (now === null || remaining === null) return null
  const soon = isExpiringSoon(approval.expiresAt, now)
  return (
    <span
      className={cn('rounded-md px-2 py-1 font-mono text-xs tabular-nums', soon || remaining <= 0 ? 'bg-red-50 text-red-700' : 'bg-zinc-100 text-zinc-600')}
      data-testid="approval-countdown"
      role="timer"
      aria-live="off"
    >
      {describeExpiry(approval.expiresAt, now)}
    </span>
  )
}
