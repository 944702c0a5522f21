'use client'

import { Badge, Button } from '@/components/ui'
import { errorMessage } from '@/components/api-client'
import { IntentLink } from '@/components/ui/IntentLink'
import { LocalTime } from '@/components/ui/LocalTime'
import { useCancelExperiment, useExperimentQuery, useExperimentResultsQuery } from '@/components/queries/experiments'
import { ExperimentAggregates } from './ExperimentAggregates'
import { ExperimentProgress } from './ExperimentProgress'
import { ExperimentResultsTable } from './ExperimentResultsTable'
import { ExperimentStatusBadge } from './ExperimentStatusBadge'
import { QueryErrorNotice } from './QueryErrorNotice'

/** One experiment: its target, live progress (polled while it runs), aggregates and the results table. */
export function ExperimentView({ experimentId }: { experimentId: string }) {
  const query = useExperimentQuery(experimentId)
  const results = useExperimentResultsQuery(experimentId)
  const cancel = useCancelExperiment(experimentId)
  const experiment = query.data

  if (query.isError && !experiment) return <QueryErrorNotice what="the experiment" error={query.error} onRetry={() => void query.refetch()} />
  if (!experiment) return <p className="text-sm text-zinc-500">Loading experiment…</p>
  const targetHref = experiment.target.kind === 'workflow' ? `/workflows/${experiment.target.id}` : `/agents/${experiment.target.id}`

  return (
    <div className="flex flex-col gap-4" data-testid="experiment-view" data-status={experiment.status}>
      <header className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <nav aria-label="Breadcrumb" className="text-xs text-zinc-500">
              <IntentLink href="/datasets" className="hover:text-zinc-800 hover:underline">
                Datasets
              </IntentLink>
              <span aria-hidden> / </span>
              <IntentLink href={`/datasets/${experiment.datasetId}`} className="hover:text-zinc-800 hover:underline" data-testid="experiment-dataset-link">
                dataset v{experiment.datasetVersion}
              </IntentLink>
              <span aria-hidden> / </span>
              <span className="font-mono">{experiment.id.slice(0, 8)}</span>
            </nav>
            <div className="mt-0.5 flex flex-wrap items-center gap-2">
              <h1 className="text-lg font-semibold tracking-tight text-zinc-900">
                <IntentLink href={targetHref} className="hover:underline">
                  {experiment.target.name}
                </IntentLink>
              </h1>
              <Badge>
                {experiment.target.kind} v{experiment.target.version}
              </Badge>
              <ExperimentStatusBadge status={experiment.status} />
            </div>
            <p className="mt-1 text-xs text-zinc-500">
              Started <LocalTime iso={experiment.createdAt} /> · {experiment.trials} trial{experiment.trials === 1 ? '' : 's'} per row ·{' '}
              {experiment.concurrency} at once
            </p>
          </div>
          <div className="flex items-center gap-2">
            <IntentLink href={`/experiments/${experiment.id}/compare`} className="text-xs text-indigo-600 hover:underline" data-testid="compare-with">
              Compare with…
            </IntentLink>
            {experiment.status === 'running' ? (
              <Button size="sm" variant="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending} data-testid="cancel-experiment">
                Cancel
              </Button>
            ) : null}
          </div>
        </div>
        <ExperimentProgress experiment={experiment} />
        {cancel.error ? <p className="text-xs text-red-600">{errorMessage(cancel.error)}</p> : null}
      </header>
      <ExperimentAggregates aggregates={experiment.aggregates} trials={experiment.trials} />
      {results.isError && !results.data ? (
        <QueryErrorNotice what="the results" error={results.error} onRetry={() => void results.refetch()} />
      ) : results.data ? (
        <ExperimentResultsTable rows={results.data.rows} labels={results.data.experiment.labels} />
      ) : (
        <p className="text-sm text-zinc-500">Loading results…</p>
      )}
    </div>
  )
}
