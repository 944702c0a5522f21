'use client'

import { useState } from 'react'
import { IntentLink } from '@/components/ui/IntentLink'
import { Badge, Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { anyRunActive, useRunsQuery } from '@/components/queries/runs'
import { formatElapsed } from './format'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { ListTable } from '@/components/ui/ListTable'
import { LocalTime } from '@/components/ui/LocalTime'
import { RunStatusBadge } from './RunStatusBadge'
import { RUN_STATUS_LABEL } from './status-style'
import type { RunStatus, RunTriggerKind } from '@/lib/contracts/runs'
import { useNow } from './use-now'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { WorkspaceScopeToggle } from '@/components/workspaces/WorkspaceScopeToggle'
import { useWorkspaceScope } from '@/components/workspaces/use-workspace-scope'

const TRIGGER_WORDS: Record<RunTriggerKind, string> = {
  manual: 'by hand or by a client',
  schedule: 'by a schedule',
  webhook: 'by a webhook',
  published: 'from a public form',
}

const RUN_COLUMNS = [
  { label: 'Select to compare', hidden: true },
  { label: 'Workflow' },
  { label: 'Status' },
  { label: 'Created' },
  { label: 'Duration' },
  { label: 'Run id', hidden: true },
]

/**
 * Runs, newest first, of one status when filtered, of the current workspace (or all of the person's); one workflow's
 * wherever it is when filtered to it. Refreshes itself while any of them is still going.
 */
export function RunsList({ workflowId, status, trigger }: { workflowId?: string; status?: RunStatus; trigger?: RunTriggerKind }) {
  const scope = useWorkspaceScope()
  return (
    <>
      {workflowId ? null : (
        <div>
          <WorkspaceScopeToggle scope={scope} />
        </div>
      )}
      <RunsOf workflowId={workflowId} status={status} trigger={trigger} workspaceId={workflowId ? undefined : scope.workspaceId} showWorkspace={scope.all} />
    </>
  )
}

function RunsOf({
  workflowId,
  status,
  trigger,
  workspaceId,
  showWorkspace,
}: {
  workflowId?: string
  status?: RunStatus
  trigger?: RunTriggerKind
  workspaceId?: string
  showWorkspace: boolean
}) {
  const query = useRunsQuery(workflowId, status, workspaceId, trigger)
  const runs = query.data
  const error = query.isError ? errorMessage(query.error) : null
  const now = useNow(1_000, anyRunActive(runs))
  // Two runs picked to compare side by side; a third pick replaces the older one.
  const [picked, setPicked] = useState<string[]>([])
  const toggle = (id: string) => setPicked((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id].slice(-2)))

  if (error && !runs) {
    return (
      <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        Could not load runs: {error}{' '}
        <Button size="sm" className="ml-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    )
  }
  if (!runs) return <p className="text-sm text-zinc-500">Loading runs…</p>
  if (runs.length === 0 && trigger) {
    return <EmptyListNotice testId="runs-empty">No runs started {TRIGGER_WORDS[trigger]}.</EmptyListNotice>
  }
  if (runs.length === 0 && status) {
    return <EmptyListNotice testId="runs-empty">No runs with the status “{RUN_STATUS_LABEL[status]}”.</EmptyListNotice>
  }
  if (runs.length === 0) {
    return (
      <EmptyListNotice>
        No runs yet. Open a workflow and press <span className="font-medium text-zinc-700">Run</span> to start one.{' '}
        <IntentLink href="/workflows" className="text-indigo-600 hover:underline">
          Go to workflows
        </IntentLink>
      </EmptyListNotice>
    )
  }
  const compareHref = picked.length === 2 ? `/runs/compare?${new URLSearchParams({ a: picked[0], b: picked[1] }).toString()}` : null
  return (
    <>
      <div className="flex items-center gap-3 text-sm text-zinc-600">
        {compareHref ? (
          <IntentLink href={compareHref} className="rounded-md bg-indigo-600 px-3 py-1.5 font-medium text-white hover:bg-indigo-700" data-testid="compare-runs">
            Compare
          </IntentLink>
        ) : (
          <span data-testid="compare-hint">Tick two runs to compare them side by side.</span>
        )}
      </div>
      <ListTable
        testId="runs-table"
        columns={RUN_COLUMNS}
        footer={error ? <p className="border-t border-zinc-200 px-4 py-2 text-xs text-red-700">Refresh failed: {error}</p> : null}
      >
        {runs.map((run) => (
          <tr key={run.id} className="hover:bg-zinc-50" data-testid="run-row" data-run-id={run.id}>
            <td className="w-8 py-2.5 pl-4">
              <input
                type="checkbox"
                aria-label={`Compare run ${run.id.slice(0, 8)}`}
                checked={picked.includes(run.id)}
                onChange={() => toggle(run.id)}
                className="accent-indigo-600"
              />
            </td>
            <td className="px-4 py-2.5">
              <IntentLink
                href={`/runs/${run.id}`}
                className="font-medium text-zinc-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
              >
                {run.workflowName}
              </IntentLink>
              <Badge className="ml-2">v{run.version}</Badge>
              {run.trigger ? (
                <Badge className="ml-1" data-testid="run-trigger">
                  {run.trigger.kind}
                </Badge>
              ) : null}
              {showWorkspace ? <WorkspaceBadge workspaceId={run.workspaceId} /> : null}
            </td>
            <td className="px-4 py-2.5">
              <RunStatusBadge status={run.status} />
            </td>
            <td className="px-4 py-2.5 text-zinc-600 tabular-nums">
              <LocalTime iso={run.createdAt} />
            </td>
            <td className="px-4 py-2.5 text-zinc-600 tabular-nums">
              {run.finishedAt ? formatElapsed(run.createdAt, run.finishedAt) : now !== null ? formatElapsed(run.createdAt, null, now) : '—'}
            </td>
            <td className="px-4 py-2.5 text-right font-mono text-[11px] text-zinc-400">{run.id.slice(0, 8)}</td>
          </tr>
        ))}
      </ListTable>
    </>
  )
}
