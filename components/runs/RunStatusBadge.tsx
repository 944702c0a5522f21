import { Badge, cn } from '@/components/ui'
import { RUN_STATUS_LABEL, RUN_STATUS_TONE } from './status-style'
import type { RunStatus } from '@/lib/contracts/runs'

const DOT: Record<RunStatus, string> = {
  queued: 'bg-zinc-400',
  running: 'bg-indigo-500 animate-pulse',
  waiting: 'bg-amber-500 animate-pulse',
  succeeded: 'bg-emerald-500',
  failed: 'bg-red-500',
  cancelled: 'bg-zinc-400',
}

/**
 * `label` replaces the status's own words (a waiting run saying what it waits for); `attention`
 * marks a finished run whose outcome rests on a denial or a failed tool call.
 */
export function RunStatusBadge({
  status,
  label,
  attention = false,
  className,
}: {
  status: RunStatus
  label?: string
  attention?: boolean
  className?: string
}) {
  return (
    <Badge
      tone={attention ? 'warning' : RUN_STATUS_TONE[status]}
      className={cn('gap-1.5 py-1', className)}
      data-testid="run-status"
      data-status={status}
      data-attention={attention ? 'true' : undefined}
    >
      <span aria-hidden className={cn('h-1.5 w-1.5 rounded-full', attention ? 'bg-amber-500' : DOT[status])} />
      {label ?? RUN_STATUS_LABEL[status]}
    </Badge>
  )
}
