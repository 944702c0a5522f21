'use client'

import { useRunCostQuery } from '@/components/queries/model-prices'
import type { ModelCost } from '@/lib/contracts/model-prices'
import { formatUsd } from './experiment-format'

const tokens = (row: ModelCost) => `${row.inputTokens.toLocaleString()} in / ${row.outputTokens.toLocaleString()} out`

/**
 * A run's cost beside its tokens: priced per model that answered in the workspace's price table (nothing when it
 * cannot be told); a run whose agents used several models lists each, with its provider, tokens and cost.
 */
export function RunCost({ runId, status }: { runId: string; status: string }) {
  const cost = useRunCostQuery(runId, status).data
  if (!cost) return null
  const several = cost.byModel.length > 1
  if (cost.costUsd === null && !several) return null
  return (
    <span className="text-zinc-500" data-testid="run-cost" title={cost.model ? `Priced as ${cost.model} (Settings → model prices)` : undefined}>
      {cost.costUsd === null ? null : (
        <>
          {' · '}
          {formatUsd(cost.costUsd)}
        </>
      )}
      {several ? (
        <span className="ml-1" data-testid="run-cost-by-model">
          (
          {cost.byModel.map((row, index) => (
            <span key={`${row.provider}:${row.model}`} data-testid="run-cost-model">
              {index > 0 ? '; ' : ''}
              {row.provider ? `${row.provider} ` : ''}
              {row.model}: {tokens(row)}
              {row.costUsd === null ? '' : `, ${formatUsd(row.costUsd)}`}
            </span>
          ))}
          )
        </span>
      ) : null}
    </span>
  )
}
