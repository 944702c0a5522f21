'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useRouter } from 'next/navigation'
import { useMemo } from 'react'
import { errorMessage } from '@/components/api-client'
import { ReadOnlyCanvas } from '@/components/canvas/ReadOnlyCanvas'
import { useRestoreVersion, useVersionQuery, useVersionsQuery } from '@/components/queries/workflow-versions'
import { Button } from '@/components/ui/Button'
import { LocalTime } from '@/components/ui/LocalTime'
import { parseGraphDocument } from '@/lib/graph/migrate'

/** One saved version, read-only, with "Restore as newest version" (which then opens the editor). */
export function VersionViewer({ workflowId, version }: { workflowId: string; version: number }) {
  const loaded = useVersionQuery(workflowId, version)
  const versions = useVersionsQuery(workflowId)
  const restore = useRestoreVersion(workflowId)
  const router = useRouter()
  const parsed = useMemo(() => (loaded.data ? parseGraphDocument(loaded.data.graph) : undefined), [loaded.data])
  const latest = versions.data?.[0]?.version

  if (loaded.isPending) return <p className="p-6 text-sm text-zinc-500">Loading version…</p>
  if (loaded.isError)
    return (
      <p role="alert" className="p-6 text-sm text-red-700">
        {errorMessage(loaded.error)}
      </p>
    )
  const view = loaded.data
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-zinc-200 bg-white px-3 text-sm">
        <IntentLink href={`/workflows/${workflowId}/versions`} className="rounded-md px-1.5 py-1 text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800">
          ← History
        </IntentLink>
        <span data-testid="viewer-version" className="rounded bg-zinc-100 px-1.5 py-0.5 text-xs font-medium text-zinc-600">
          v{view.version}
        </span>
        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-800">Read-only</span>
        <span className="text-xs text-zinc-500">
          <LocalTime iso={view.createdAt} />
          {view.author ? ` · ${view.author.name}` : ''}
        </span>
        {view.note ? <span className="truncate text-xs text-zinc-700">“{view.note}”</span> : null}
        <div className="ml-auto flex items-center gap-2">
          {restore.isError ? (
            <span role="alert" className="text-xs text-red-700">
              {errorMessage(restore.error)}
            </span>
          ) : null}
          {latest === view.version ? (
            <span className="text-xs text-zinc-500">This is the newest version.</span>
          ) : (
            <Button
              size="sm"
              variant="primary"
              data-testid="viewer-restore"
              disabled={restore.isPending || latest === undefined}
              onClick={() => restore.mutate({ version: view.version, base: latest }, { onSuccess: () => router.push(`/workflows/${workflowId}`) })}
            >
              {restore.isPending ? 'Restoring…' : 'Restore as newest version'}
            </Button>
          )}
          <IntentLink href={`/workflows/${workflowId}`} className="rounded-md px-2 py-1 text-xs text-indigo-700 hover:bg-indigo-50">
            Open the editor
          </IntentLink>
        </div>
      </div>
      {parsed?.ok ? (
        <ReadOnlyCanvas workflowId={workflowId} name={`v${view.version}`} version={view.version} document={parsed.document} />
      ) : (
        <p role="alert" className="p-6 text-sm text-red-700">
          This version cannot be shown: {parsed?.ok === false ? parsed.problems[0]?.message : 'unknown problem'}
        </p>
      )}
    </div>
  )
}
