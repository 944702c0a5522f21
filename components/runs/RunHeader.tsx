'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import type { ReactNode } from 'react'
import { Badge, cn } from '@/components/ui'
import { LocalTime } from '@/components/ui/LocalTime'
import { RunStatusBadge } from './RunStatusBadge'
import { RunCost } from '@/components/evaluations/RunCost'
import { waitingLabel } from './status-style'
import type { ApprovalKind } from '@/lib/contracts/approvals'
import { formatElapsed, formatTokenUsage } from './format'
import type { StreamState } from './run-event-stream'
import { useNow } from './use-now'
import { DURABILITY_LABELS, durabilityModeSchema, durabilityOf } from '@/lib/contracts/durability'
import { RunWorkspaceCrumb } from '@/components/workspaces/RunWorkspaceCrumb'
import { isTerminalStatus, type RunDetail, type RunStatus, type TokenUsage } from '@/lib/contracts/runs'

export interface RunHeaderProps {
  run: RunDetail
  status: RunStatus
  startedAt: string | null
  finishedAt: string | null
  usage: TokenUsage | null
  connection: StreamState
  readOnly: boolean
  /** Buttons on the right (Cancel). */
  actions?: ReactNode
  /** The kinds of the run's open approvals: a waiting run says what it waits for. */
  openApprovalKinds?: readonly ApprovalKind[]
  /** What went wrong in a run that went on regardless ("1 request denied"), said beside its status. */
  setbacks?: string | null
}

export function RunHeader({ run, status, startedAt, finishedAt, usage, connection, readOnly, actions, openApprovalKinds = [], setbacks }: RunHeaderProps) {
  const active = !isTerminalStatus(status)
  const now = useNow(1_000, active && startedAt !== null)
  const tokens = formatTokenUsage(usage)
  const elapsed = startedAt && (finishedAt || now !== null) ? formatElapsed(startedAt, finishedAt, now ?? undefined) : '—'

  return (
    <header className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          {readOnly ? (
            <p className="text-xs text-zinc-500">Shared run · read-only</p>
          ) : (
            <nav aria-label="Breadcrumb" className="text-xs text-zinc-500">
              <RunWorkspaceCrumb workspaceId={run.workspaceId} />
              <IntentLink href="/runs" className="hover:text-zinc-800 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500">
                Runs
              </IntentLink>
              <span aria-hidden> / </span>
              <span className="font-mono">{run.id.slice(0, 8)}</span>
            </nav>
          )}
          <div className="mt-0.5 flex flex-wrap items-center gap-2">
            <h1 className="truncate text-lg font-semibold tracking-tight text-zinc-900" data-testid="run-workflow-name">
              {readOnly ? (
                run.workflowName
              ) : (
                <IntentLink href={`/workflows/${run.workflowId}`} className="hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500">
                  {run.workflowName}
                </IntentLink>
              )}
            </h1>
            <Badge tone="neutral" title="Workflow version">
              v{run.version}
            </Badge>
            <span aria-live="polite">
              <RunStatusBadge
                status={status}
                label={status === 'waiting' ? waitingLabel(openApprovalKinds) : setbacks && status === 'succeeded' ? `Succeeded, but ${setbacks}` : undefined}
                attention={Boolean(setbacks) && status === 'succeeded'}
              />
            </span>
            <ConnectionIndicator state={connection} active={active} />
          </div>
        </div>
        {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-xs sm:grid-cols-5">
        <Meta label="Created">
          <LocalTime iso={run.createdAt} />
        </Meta>
        <Meta label="Started">
          <LocalTime iso={startedAt} />
        </Meta>
        <Meta label={finishedAt ? 'Duration' : 'Running for'}>
          <span data-testid="run-duration">{elapsed}</span>
        </Meta>
        <Meta label="Tokens">
          <span data-testid="run-usage">{tokens ?? '—'}</span>
          {readOnly ? null : <RunCost runId={run.id} status={status} />}
        </Meta>
        <Meta label="Commits progress">
          <span data-testid="run-durability" title={durabilityModeSchema.description}>
            {DURABILITY_LABELS[durabilityOf(run.durability)]}
          </span>
        </Meta>
      </dl>
    </header>
  )
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="truncate font-medium text-zinc-800 tabular-nums">{children}</dd>
    </div>
  )
}

function ConnectionIndicator({ state, active }: { state: StreamState; active: boolean }) {
  if (!active || state === 'closed' || state === 'ended') return null
  const live = state === 'open'
  return (
    <span className={cn('inline-flex items-center gap-1 text-[11px]', live ? 'text-emerald-700' : 'text-zinc-500')} data-testid="run-connection">
      <span aria-hidden className={cn('h-1.5 w-1.5 rounded-full', live ? 'bg-emerald-500' : 'bg-zinc-400 animate-pulse')} />
      {live ? 'Live' : state === 'reconnecting' ? 'Reconnecting…' : 'Connecting…'}
    </span>
  )
}
