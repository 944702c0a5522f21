'use client'

import { errorMessage } from '@/components/api-client'
import { useAgentVersionsQuery } from '@/components/queries/agents'
import { Button } from '@/components/ui/Button'
import { LocalTime } from '@/components/ui/LocalTime'
import type { AgentVersionView } from '@/lib/contracts/agents'

/** An agent's versions, newest first, each with its note; opening one loads its settings into the form. */
export function AgentVersionList({ agentId, opened, onOpen }: { agentId: string; opened: number | undefined; onOpen: (version: AgentVersionView) => void }) {
  const versions = useAgentVersionsQuery(agentId)
  return (
    <section className="rounded-lg border border-zinc-200 bg-white p-4" aria-label="Versions">
      <h2 className="mb-2 text-sm font-semibold text-zinc-800">Versions</h2>
      {versions.isPending ? <p className="text-xs text-zinc-500">Loading…</p> : null}
      {versions.isError ? <p className="text-xs text-red-600">Could not load versions: {errorMessage(versions.error)}</p> : null}
      <ol className="flex flex-col gap-2" data-testid="agent-versions">
        {versions.data?.map((version) => (
          <li key={version.version} data-testid={`agent-version-${version.version}`} className="flex items-start justify-between gap-2 text-xs">
            <div className="min-w-0">
              <p className="font-medium text-zinc-900">
                Version {version.version}
                {opened === version.version ? <span className="ml-1 text-indigo-600">(open)</span> : null}
              </p>
              <p className="truncate text-zinc-600">{version.note || 'No note'}</p>
              <LocalTime iso={version.createdAt} className="text-zinc-400" />
            </div>
            <Button size="sm" variant="ghost" data-testid={`open-agent-version-${version.version}`} onClick={() => onOpen(version)}>
              Open
            </Button>
          </li>
        ))}
      </ol>
    </section>
  )
}
