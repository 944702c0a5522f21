'use client'

import dynamic from 'next/dynamic'
import { useMemo } from 'react'
import { useRouter } from 'next/navigation'
import { Badge, cn, Select } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'
import { useExperimentComparisonQuery, useExperimentQuery, useExperimentsQuery } from '@/components/queries/experiments'
import type { ExperimentView } from '@/lib/contracts/experiments'
import { aggregateDeltas, chartBars, orderedRows, type DeltaDirection } from './comparison-view'
import { cellPreview, formatDelta, formatScore } from './experiment-format'
import { QueryErrorNotice } from './QueryErrorNotice'

const ComparisonChart = dynamic(() => import('./ComparisonChart').then((module) => module.ComparisonChart), { ssr: false })

const DIRECTION_STYLE: Record<DeltaDirection, string> = { better: 'text-emerald-700', worse: 'text-red-700', same: 'text-zinc-500', unknown: 'text-zinc-400' }
const VERDICT_ROW: Record<string, string> = { regressed: 'bg-red-50', improved: 'bg-emerald-50', missing: 'bg-zinc-50', same: '' }
const VERDICT_TONE = { regressed: 'danger', improved: 'success', missing: 'neutral', same: 'neutral' } as const

const describe = (experiment: ExperimentView | undefined) => (experiment ? `${experiment.target.name} v${experiment.target.version}` : '…')

/** Two experiments side by side: aggregate deltas, a chart, and every row's verdict with regressions highlighted first. */
export function ExperimentComparisonView({ experimentId, baselineId }: { experimentId: string; baselineId?: string }) {
  const router = useRouter()
  const current = useExperimentQuery(experimentId)
  const baseline = useExperimentQuery(baselineId ?? experimentId)
  const siblings = useExperimentsQuery(current.data?.datasetId)
  const comparison = useExperimentComparisonQuery(experimentId, baselineId)
  const rows = useMemo(() => (comparison.data ? orderedRows(comparison.data.rows) : []), [comparison.data])

  const picker = (
    <label className="flex items-center gap-2 text-xs text-zinc-600">
      Baseline
      <Select
        className="h-8 w-72 text-xs"
        value={baselineId ?? ''}
        aria-label="Baseline experiment"
        onChange={(event) => router.push(`/experiments/${experimentId}/compare?baseline=${event.target.value}`)}
        options={[
          { value: '', label: 'Choose an experiment…' },
          ...(siblings.data ?? [])
            .filter((one) => one.id !== experimentId)
            .map((one) => ({ value: one.id, label: `${describe(one)} · ${one.id.slice(0, 8)}` })),
        ]}
      />
    </label>
  )

  return (
    <div className="flex flex-col gap-4" data-testid="experiment-comparison">
      <header className="flex flex-wrap items-end justify-between gap-3 rounded-lg border border-zinc-200 bg-white px-4 py-3">
        <div>
          <nav aria-label="Breadcrumb" className="text-xs text-zinc-500">
            <IntentLink href={`/experiments/${experimentId}`} className="hover:text-zinc-800 hover:underline">
              Experiment {experimentId.slice(0, 8)}
            </IntentLink>
            <span aria-hidden> / </span>compare
          </nav>
          <h1 className="mt-0.5 text-lg font-semibold tracking-tight text-zinc-900">
            {describe(current.data)} <span className="font-normal text-zinc-500">against</span> {baselineId ? describe(baseline.data) : 'a baseline'}
          </h1>
        </div>
        {picker}
      </header>
      {!baselineId ? (
        <p className="text-sm text-zinc-500">Choose the experiment to compare with.</p>
      ) : comparison.isError && !comparison.data ? (
        <QueryErrorNotice what="the comparison" error={comparison.error} onRetry={() => void comparison.refetch()} />
      ) : !comparison.data ? (
        <p className="text-sm text-zinc-500">Comparing…</p>
      ) : (
        <>
          <section className="grid grid-cols-1 gap-4 rounded-lg border border-zinc-200 bg-white p-4 md:grid-cols-2" aria-label="Aggregate deltas">
            <div className="flex flex-col gap-3">
              <p className="flex flex-wrap gap-2 text-xs" data-testid="comparison-counts">
                <Badge tone="danger">{comparison.data.counts.regressed} regressed</Badge>
                <Badge tone="success">{comparison.data.counts.improved} improved</Badge>
                <Badge>{comparison.data.counts.same} same</Badge>
                {comparison.data.counts.missing ? <Badge>{comparison.data.counts.missing} on one side only</Badge> : null}
              </p>
              <table className="w-full text-left text-xs" data-testid="comparison-aggregates">
                <thead className="text-zinc-500">
                  <tr>
                    <th className="py-1 font-medium">Figure</th>
                    <th className="py-1 font-medium">Baseline</th>
                    <th className="py-1 font-medium">This</th>
                    <th className="py-1 font-medium">Delta</th>
                  </tr>
                </thead>
                <tbody>
                  {aggregateDeltas(comparison.data).map((delta) => (
                    <tr key={delta.label}>
                      <td className="py-1 font-medium text-zinc-800">{delta.label}</td>
                      <td className="py-1 tabular-nums">
                        {delta.format === 'count' ? (delta.baseline === null ? '—' : Math.round(delta.baseline)) : formatScore(delta.baseline, delta.format)}
                      </td>
                      <td className="py-1 tabular-nums">
                        {delta.format === 'count' ? (delta.value === null ? '—' : Math.round(delta.value)) : formatScore(delta.value, delta.format)}
                      </td>
                      <td className={cn('py-1 font-semibold tabular-nums', DIRECTION_STYLE[delta.direction])} data-direction={delta.direction}>
                        {formatDelta(delta.delta, delta.format)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <ComparisonChart bars={chartBars(comparison.data)} />
          </section>
          <section className="overflow-x-auto rounded-lg border border-zinc-200 bg-white" aria-label="Rows compared">
            <table className="w-full text-left text-xs" data-testid="comparison-rows">
              <thead className="border-b border-zinc-200 bg-zinc-50 text-zinc-500">
                <tr>
                  <th className="px-3 py-2 font-medium">Verdict</th>
                  <th className="px-3 py-2 font-medium">Input</th>
                  <th className="px-3 py-2 font-medium">Baseline score</th>
                  <th className="px-3 py-2 font-medium">Score</th>
                  <th className="px-3 py-2 font-medium">Delta</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100">
                {rows.map((row) => (
                  <tr key={row.rowId} className={VERDICT_ROW[row.verdict]} data-testid="comparison-row" data-verdict={row.verdict}>
                    <td className="px-3 py-1.5">
                      <Badge tone={VERDICT_TONE[row.verdict]}>{row.verdict}</Badge>
                    </td>
                    <td className="max-w-96 px-3 py-1.5 break-words">{cellPreview(row.input)}</td>
                    <td className="px-3 py-1.5 tabular-nums">{formatScore(row.baselineScore)}</td>
                    <td className="px-3 py-1.5 tabular-nums">{formatScore(row.score)}</td>
                    <td
                      className={cn(
                        'px-3 py-1.5 font-semibold tabular-nums',
                        row.verdict === 'regressed' ? 'text-red-700' : row.verdict === 'improved' ? 'text-emerald-700' : 'text-zinc-500',
                      )}
                    >
                      {formatDelta(row.delta)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </div>
  )
}
