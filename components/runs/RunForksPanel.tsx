'use client'

import { useRunForks } from '@/components/queries/run-forks'
import { IntentLink } from '@/components/ui/IntentLink'
import type { ForkRun } from '@/lib/contracts/run-forks'
import { Panel } from './Panel'
import { RunStatusBadge } from './RunStatusBadge'

/** Where the run came from (its parent, when it is a fork) and the runs forked from it, side by side in brief. */
export function RunForksPanel({ runId }: { runId: string }) {
  const tree = useRunForks(runId)
  const data = tree.data
  if (!data || (data.parent === null && data.forks.length === 0 && data.run.fork === null)) return null
  const origin = data.run.fork
  return (
    <Panel title="Forks" data-testid="run-forks">
      {origin ? (
        <p className="mb-2 text-xs text-zinc-700" data-testid="run-fork-origin">
          Forked at superstep {origin.superstep}
          {origin.edits.length > 0 ? ` with ${origin.edits.length} edit(s)` : ''} from{' '}
          {data.parent ? (
            <IntentLink href={`/runs/${data.parent.id}`} className="font-medium text-indigo-700 hover:underline" data-testid="run-parent-link">
              run {data.parent.id.slice(0, 8)}
            </IntentLink>
          ) : (
            'a run you cannot see (or that was deleted)'
          )}
          .
        </p>
      ) : null}
      {data.forks.length > 0 ? (
        <ul className="flex flex-col gap-1.5" aria-label="Forks of this run">
          {data.forks.map((fork) => (
            <ForkRow key={fork.id} fork={fork} />
          ))}
        </ul>
      ) : null}
    </Panel>
  )
}

function ForkRow({ fork }: { fork: ForkRun }) {
  return (
    <li className="flex items-center justify-between gap-2 text-xs" data-testid="run-fork-row">
      <IntentLink href={`/runs/${fork.id}`} className="font-medium text-indigo-700 hover:underline">
        {fork.id.slice(0, 8)} · superstep {fork.fork?.superstep ?? '?'}
        {fork.fork && fork.fork.edits.length > 0 ? ' · edited' : ''}
      </IntentLink>
      <span className="flex items-center gap-2 text-zinc-500">
        <span title="events">{fork.eventCount} ev</span>
        {fork.usage?.totalTokenCount !== undefined ? <span title="tokens">{fork.usage.totalTokenCount} tok</span> : null}
        <RunStatusBadge status={fork.status} />
      </span>
    </li>
  )
}
