'use client'

import { useState } from 'react'
import { Badge, Button } from '@/components/ui'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { IntentLink } from '@/components/ui/IntentLink'
import { ListTable } from '@/components/ui/ListTable'
import { LocalTime } from '@/components/ui/LocalTime'
import { useDatasetsQuery } from '@/components/queries/datasets'
import { WorkspaceBadge } from '@/components/workspaces/WorkspaceBadge'
import { WorkspaceScopeToggle } from '@/components/workspaces/WorkspaceScopeToggle'
import { useWorkspaceScope } from '@/components/workspaces/use-workspace-scope'
import { CreateDatasetDialog } from './CreateDatasetDialog'
import { QueryErrorNotice } from './QueryErrorNotice'

const COLUMNS = [{ label: 'Name' }, { label: 'Rows' }, { label: 'Version' }, { label: 'Updated' }]

/** The datasets of the current workspace (or of all the person's), newest change first, and a way to make one. */
export function DatasetsList() {
  const scope = useWorkspaceScope()
  const query = useDatasetsQuery({ workspaceId: scope.workspaceId })
  const [creating, setCreating] = useState(false)
  const datasets = query.data

  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <WorkspaceScopeToggle scope={scope} />
        <Button variant="primary" onClick={() => setCreating(true)} data-testid="new-dataset" className="ml-auto">
          New dataset
        </Button>
      </div>
      <CreateDatasetDialog open={creating} onClose={() => setCreating(false)} />
      {query.isError && !datasets ? (
        <QueryErrorNotice what="datasets" error={query.error} onRetry={() => void query.refetch()} />
      ) : !datasets ? (
        <p className="text-sm text-zinc-500">Loading datasets…</p>
      ) : datasets.length === 0 ? (
        <EmptyListNotice testId="datasets-empty">
          No datasets yet. Make one here, or press <span className="font-medium text-zinc-700">Add to dataset</span> on any run to start one from it.
        </EmptyListNotice>
      ) : (
        <ListTable testId="datasets-table" columns={COLUMNS}>
          {datasets.map((dataset) => (
            <tr key={dataset.id} className="hover:bg-zinc-50" data-testid="dataset-row">
              <td className="px-4 py-2.5">
                <IntentLink href={`/datasets/${dataset.id}`} className="font-medium text-zinc-900 hover:text-indigo-700 hover:underline">
                  {dataset.name}
                </IntentLink>
                {scope.all ? <WorkspaceBadge workspaceId={dataset.workspaceId} /> : null}
                {dataset.description ? <p className="truncate text-xs text-zinc-500">{dataset.description}</p> : null}
              </td>
              <td className="px-4 py-2.5 text-zinc-600 tabular-nums">{dataset.rowCount ?? '—'}</td>
              <td className="px-4 py-2.5">
                <Badge>v{dataset.latestVersion}</Badge>
              </td>
              <td className="px-4 py-2.5 text-zinc-600 tabular-nums">
                <LocalTime iso={dataset.updatedAt} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </>
  )
}
