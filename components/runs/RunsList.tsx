'use client'

import Link from 'next/link'
import { Badge, Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { anyRunActive, useRunsQuery } from '@/components/queries/runs'
import { formatElapsed } from './format'
import { LocalTime } from '@/components/ui/LocalTime'
import { RunStatusBadge } from './RunStatusBadge'
import { RUN_STATUS_LABEL } from './status-style'
import type { RunStatus } from '@/lib/contracts/runs'
import { useNow } from './use-now'

/** Runs, newest first, of one status when filtered; refreshes itself while any of them is still going. */
export function RunsList({ workflowId, status }: { workflowId?: string; status?: RunStatus }) {
  const query = useRunsQuery(workflowId, status)
  const runs = query.data
  const error = query.isError ? errorMessage(query.error) : null
  const now = useNow(1_000, anyRunActive(runs))

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
  if (runs.length === 0 && status) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500" data-testid="runs-empty">
        No runs with the status “{RUN_STATUS_LABEL[status]}”.
      </div>
    )
  }
  if (runs.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center text-sm text-zinc-500">
        No runs yet. Open a workflow and press <span className="font-medium text-zinc-700">Run</span> to start one.{' '}
        <Link href="/workflows" className="text-indigo-600 hover:underline">
          Go to workflows
        </Link>
      </div>
    )
  }
  return (
    <div className="overflow-hidden rounded-lg border border-zinc-200 bg-white">
      <table className="w-full text-left text-sm" data-testid="runs-table">
        <thead className="border-b border-zinc-200 bg-zinc-50 text-xs text-zinc-500">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              Workflow
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Status
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Created
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              Duration
            </th>
            <th scope="col" className="px-4 py-2 font-medium">
              <span className="sr-only">Run id</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100">
          {runs.map((run) => (
            <tr key={run.id} className="hover:bg-zinc-50" data-testid="run-row" data-run-id={run.id}>
              <td className="px-4 py-2.5">
                <Link
                  href={`/runs/${run.id}`}
                  className="font-medium text-zinc-900 hover:text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-500"
                >
                  {run.workflowName}
                </Link>
                <Badge className="ml-2">v{run.version}</Badge>
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
        </tbody>
      </table>
      {error ? <p className="border-t border-zinc-200 px-4 py-2 text-xs text-red-700">Refresh failed: {error}</p> : null}
    </div>
  )
}
