'use client'

import { useRunCostQuery } from '@/components/queries/model-prices'
import { formatUsd } from './experiment-format'

/** A run's cost beside its tokens: priced by its model in the workspace's price table; nothing when it cannot be told. */
export function RunCost({ runId, status }: { runId: string; status: string }) {
  const cost = useRunCostQuery(runId, status).data
  if (!cost || cost.costUsd === null) return null
  return (
    <span className="text-zinc-500" data-testid="run-cost" title={cost.model ? `Priced as ${cost.model} (Settings → model prices)` : undefined}>
      {' · '}
      {formatUsd(cost.costUsd)}
    </span>
  )
}
