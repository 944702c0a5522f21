import type { ExperimentAggregates as Aggregates } from '@/lib/contracts/experiments'
import { formatScore, formatUsd } from './experiment-format'

/** The experiment's figures over every run: overall, then per evaluator with the spread over trials. */
export function ExperimentAggregates({ aggregates, trials }: { aggregates: Aggregates & { cost?: { totalUsd: number | null } }; trials: number }) {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-zinc-200 bg-white p-4" aria-label="Aggregates" data-testid="experiment-aggregates">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-xs sm:grid-cols-6">
        <Figure label="Mean score" value={formatScore(aggregates.meanScore)} testId="aggregate-mean" />
        <Figure label="Pass rate" value={formatScore(aggregates.passRate, 'percent')} testId="aggregate-pass" />
        <Figure label="Tokens" value={`${aggregates.tokens.total}${aggregates.tokens.mean === null ? '' : ` (${Math.round(aggregates.tokens.mean)}/run)`}`} />
        <Figure label="Latency p50" value={aggregates.latencyMs.p50 === null ? '—' : `${Math.round(aggregates.latencyMs.p50)} ms`} />
        <Figure label="Cost" value={formatUsd(aggregates.cost?.totalUsd)} testId="aggregate-cost" />
        <Figure label="Runs not succeeded" value={String(aggregates.runsFailed)} />
      </dl>
      {aggregates.evaluators.length > 0 ? (
        <table className="w-full text-left text-xs">
          <thead className="text-zinc-500">
            <tr>
              <th className="py-1 font-medium">Evaluator</th>
              <th className="py-1 font-medium">Mean score</th>
              <th className="py-1 font-medium">Pass rate</th>
              <th className="py-1 font-medium" title="Mean over rows of the standard deviation of a row's scores across its trials">
                Spread over {trials} trial{trials === 1 ? '' : 's'}
              </th>
            </tr>
          </thead>
          <tbody>
            {aggregates.evaluators.map((evaluator) => (
              <tr key={evaluator.label} data-testid="aggregate-evaluator">
                <td className="py-1 font-medium text-zinc-800">{evaluator.label}</td>
                <td className="py-1 tabular-nums">{formatScore(evaluator.meanScore)}</td>
                <td className="py-1 tabular-nums">{formatScore(evaluator.passRate, 'percent')}</td>
                <td className="py-1 tabular-nums">{evaluator.spread === null ? '—' : `± ${evaluator.spread.toFixed(2)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-zinc-500">{label}</dt>
      <dd className="text-sm font-semibold text-zinc-900 tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}
