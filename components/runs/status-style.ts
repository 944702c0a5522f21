/** Colours and words for run and node statuses, shared by the badge, the graph and the list. */
import type { BadgeTone } from '@/components/ui'
import { APPROVAL_KINDS } from '@/lib/contracts/approval-kinds'
import type { ApprovalKind } from '@/lib/contracts/approvals'
import type { NodeRunStatus } from './run-state'
import type { RunStatus } from '@/lib/contracts/runs'

export const RUN_STATUS_LABEL: Record<RunStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  // Where the run's open approvals are not known (a list of runs); the run view says what it waits for (waitingLabel).
  waiting: 'Waiting for a person',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/** What a waiting run waits for, from the kinds of its open approvals; the generic words when they differ or are unknown. */
export function waitingLabel(openKinds: readonly ApprovalKind[]): string {
  const awaited = new Set(openKinds.map((kind) => APPROVAL_KINDS[kind].awaited))
  return awaited.size === 1 ? [...awaited][0]! : RUN_STATUS_LABEL.waiting
}

export const RUN_STATUS_TONE: Record<RunStatus, BadgeTone> = {
  queued: 'neutral',
  running: 'accent',
  waiting: 'warning',
  succeeded: 'success',
  failed: 'danger',
  cancelled: 'neutral',
}

export const NODE_STATUS_LABEL: Record<NodeRunStatus, string> = {
  idle: 'Not run',
  running: 'Running',
  waiting: 'Waiting',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Stopped',
}

/** Tailwind classes per node status: the card's ring and the status dot. */
export const NODE_STATUS_STYLE: Record<NodeRunStatus, { card: string; dot: string }> = {
  idle: { card: 'border-zinc-200 bg-white', dot: 'bg-zinc-300' },
  running: { card: 'border-indigo-400 bg-indigo-50/60 ring-2 ring-indigo-200', dot: 'bg-indigo-500 animate-pulse' },
  waiting: { card: 'border-amber-400 bg-amber-50 ring-2 ring-amber-200', dot: 'bg-amber-500 animate-pulse' },
  done: { card: 'border-emerald-300 bg-emerald-50/60', dot: 'bg-emerald-500' },
  failed: { card: 'border-red-300 bg-red-50 ring-2 ring-red-100', dot: 'bg-red-500' },
  cancelled: { card: 'border-zinc-300 border-dashed bg-zinc-50', dot: 'bg-zinc-400' },
}
