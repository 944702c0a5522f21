'use client'

import { useState } from 'react'
import { useRouter } from 'next/navigation'
import { Badge, Button } from '@/components/ui'
import { EmptyListNotice } from '@/components/ui/EmptyListNotice'
import { IntentLink } from '@/components/ui/IntentLink'
import { ListTable } from '@/components/ui/ListTable'
import { LocalTime } from '@/components/ui/LocalTime'
import { useExperimentsQuery } from '@/components/queries/experiments'
import { ExperimentStatusBadge } from './ExperimentStatusBadge'
import { formatScore } from './experiment-format'
import { QueryErrorNotice } from './QueryErrorNotice'

const COLUMNS = [
  { label: 'Compare', hidden: true },
  { label: 'Target' },
  { label: 'Status' },
  { label: 'Progress' },
  { label: 'Mean score' },
  { label: 'Pass rate' },
  { label: 'Started' },
]

/** A dataset's experiments, newest first; tick two to compare them (the older one is the baseline). */
export function DatasetExperiments({ datasetId }: { datasetId: string }) {
  const query = useExperimentsQuery(datasetId)
  const router = useRouter()
  const [picked, setPicked] = useState<string[]>([])
  const experiments = query.data

  const compare = () => {
    const [first, second] = picked.map((id) => experiments!.find((experiment) => experiment.id === id)!).sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    router.push(`/experiments/${second!.id}/compare?baseline=${first!.id}`)
  }

  return (
    <section className="flex flex-col gap-2" aria-label="Experiments">
      <div className="flex items-center justify-between">
        <h2 className="text-sm font-semibold text-zinc-800">Experiments</h2>
        <Button size="sm" disabled={picked.length !== 2} onClick={compare} data-testid="compare-experiments">
          Compare the two ticked
        </Button>
      </div>
      {query.isError && !experiments ? (
        <QueryErrorNotice what="experiments" error={query.error} onRetry={() => void query.refetch()} />
      ) : !experiments ? (
        <p className="text-sm text-zinc-500">Loading experiments…</p>
      ) : experiments.length === 0 ? (
        <EmptyListNotice testId="experiments-empty">
          No experiments on this dataset yet. Press “Run experiment” to run a workflow or agent over its rows.
        </EmptyListNotice>
      ) : (
        <ListTable testId="experiments-table" columns={COLUMNS}>
          {experiments.map((experiment) => (
            <tr key={experiment.id} className="hover:bg-zinc-50" data-testid="experiment-row" data-experiment-id={experiment.id}>
              <td className="w-8 px-4 py-2.5">
                <input
                  type="checkbox"
                  aria-label={`Compare experiment ${experiment.id.slice(0, 8)}`}
                  checked={picked.includes(experiment.id)}
                  onChange={(event) =>
                    setPicked((ids) => (event.target.checked ? [...ids, experiment.id].slice(-2) : ids.filter((id) => id !== experiment.id)))
                  }
                  data-testid="compare-pick"
                />
              </td>
              <td className="px-4 py-2.5">
                <IntentLink href={`/experiments/${experiment.id}`} className="font-medium text-zinc-900 hover:text-indigo-700 hover:underline">
                  {experiment.target.name}
                </IntentLink>
                <Badge className="ml-2">v{experiment.target.version}</Badge>
                <span className="ml-2 text-xs text-zinc-500">on rows v{experiment.datasetVersion}</span>
              </td>
              <td className="px-4 py-2.5">
                <ExperimentStatusBadge status={experiment.status} />
              </td>
              <td className="px-4 py-2.5 text-zinc-600 tabular-nums">
                {experiment.progress.done}/{experiment.progress.total}
              </td>
              <td className="px-4 py-2.5 tabular-nums">{formatScore(experiment.aggregates.meanScore)}</td>
              <td className="px-4 py-2.5 tabular-nums">{formatScore(experiment.aggregates.passRate, 'percent')}</td>
              <td className="px-4 py-2.5 text-zinc-600 tabular-nums">
                <LocalTime iso={experiment.createdAt} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
    </section>
  )
}
