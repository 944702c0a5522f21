'use client'

import { useTriggerRunsQuery } from '@/components/queries/triggers'
import { Badge, LocalTime } from '@/components/ui'
import { IntentLink } from '@/components/ui/IntentLink'

/** The last runs a schedule or webhook started, each linked to its page. */
export function TriggerRuns({ triggerId }: { triggerId: string }) {
  const runs = useTriggerRunsQuery(triggerId)
  if (runs.isPending) return <p className="text-xs text-zinc-400">Loading runs…</p>
  if (!runs.data?.length) return <p className="text-xs text-zinc-500">No runs yet.</p>
  return (
    <ul data-testid="trigger-runs" className="flex flex-col gap-1 text-xs">
      {runs.data.map((run) => (
        <li key={run.id} className="flex items-center gap-2">
          <IntentLink href={`/runs/${run.id}`} className="font-mono text-zinc-700 underline">
            {run.id.slice(0, 8)}
          </IntentLink>
          <Badge tone={run.status === 'succeeded' ? 'success' : run.status === 'failed' ? 'danger' : 'neutral'}>{run.status}</Badge>
          <LocalTime iso={run.trigger?.kind === 'schedule' ? run.trigger.fireAt : run.createdAt} className="text-zinc-500" />
        </li>
      ))}
    </ul>
  )
}
