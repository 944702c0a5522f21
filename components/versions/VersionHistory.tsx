'use client'

import { IntentLink } from '@/components/ui/IntentLink'
import { useState } from 'react'
import { errorMessage } from '@/components/api-client'
import { useRestoreVersion, useVersionsQuery } from '@/components/queries/workflow-versions'
import { Button } from '@/components/ui/Button'
import { LocalTime } from '@/components/ui/LocalTime'
import { VersionDiff } from './VersionDiff'

/**
 * The versions of a workflow, newest first: time, author and note; each can be opened read-only or
 * restored as the newest version, and any two compared side by side (tick two, then Compare).
 */
export function VersionHistory({ workflowId }: { workflowId: string }) {
  const versions = useVersionsQuery(workflowId)
  const restore = useRestoreVersion(workflowId)
  const [picked, setPicked] = useState<number[]>([])
  const [compared, setCompared] = useState<{ from: number; to: number }>()

  const toggle = (version: number) =>
    // At most two: ticking a third lets go of the earliest ticked.
    setPicked((current) => (current.includes(version) ? current.filter((v) => v !== version) : [...current, version].slice(-2)))

  const latest = versions.data?.[0]?.version
  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <IntentLink href={`/workflows/${workflowId}`} className="rounded-md px-1.5 py-1 text-sm text-zinc-500 hover:bg-zinc-100 hover:text-zinc-800">
          ← Editor
        </IntentLink>
        <h1 className="text-lg font-semibold text-zinc-900">Version history</h1>
        <div className="ml-auto flex items-center gap-2">
          <span className="text-xs text-zinc-500">Tick two versions to compare them.</span>
          <Button
            size="sm"
            data-testid="compare-versions"
            disabled={picked.length !== 2}
            onClick={() => {
              const [a, b] = [...picked].sort((x, y) => x - y)
              setCompared({ from: a!, to: b! })
            }}
          >
            Compare
          </Button>
        </div>
      </div>
      {restore.isSuccess ? (
        <p role="status" data-testid="restore-done" className="text-sm text-emerald-700">
          Restored v{restore.variables.version} as v{restore.data.version}.{' '}
          <IntentLink href={`/workflows/${workflowId}`} className="underline">
            Open it in the editor
          </IntentLink>
        </p>
      ) : null}
      {restore.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Not restored: {errorMessage(restore.error)}
        </p>
      ) : null}
      {versions.isPending ? <p className="text-sm text-zinc-500">Loading versions…</p> : null}
      {versions.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(versions.error)}
        </p>
      ) : null}
      {versions.data ? (
        <table className="w-full border-collapse text-sm">
          <thead>
            <tr className="border-b border-zinc-200 text-left text-xs text-zinc-500">
              <th className="w-10 py-2 font-medium">
                <span className="sr-only">Compare</span>
              </th>
              <th className="w-20 py-2 font-medium">Version</th>
              <th className="w-48 py-2 font-medium">Saved</th>
              <th className="w-40 py-2 font-medium">By</th>
              <th className="py-2 font-medium">Note</th>
              <th className="w-56 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {versions.data.map((version) => (
              <tr key={version.version} data-testid="version-row" data-version={version.version} className="border-b border-zinc-100">
                <td className="py-2">
                  <input
                    type="checkbox"
                    aria-label={`Compare v${version.version}`}
                    checked={picked.includes(version.version)}
                    onChange={() => toggle(version.version)}
                  />
                </td>
                <td className="py-2 font-medium">
                  v{version.version}
                  {version.version === latest ? <span className="ml-1.5 text-xs font-normal text-zinc-500">(latest)</span> : null}
                </td>
                <td className="py-2 text-zinc-600">
                  <LocalTime iso={version.createdAt} />
                </td>
                <td className="py-2 text-zinc-600">{version.author?.name ?? '—'}</td>
                <td className="py-2 text-zinc-800">{version.note ?? <span className="text-zinc-400">—</span>}</td>
                <td className="py-2">
                  <div className="flex justify-end gap-1.5">
                    <IntentLink
                      href={`/workflows/${workflowId}/versions/${version.version}`}
                      className="inline-flex h-7 items-center rounded-md px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
                    >
                      Open
                    </IntentLink>
                    {version.version !== latest ? (
                      <Button
                        size="sm"
                        data-testid="restore-version"
                        disabled={restore.isPending}
                        onClick={() => restore.mutate({ version: version.version, base: latest })}
                      >
                        Restore as newest
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {compared ? <VersionDiff workflowId={workflowId} from={compared.from} to={compared.to} /> : null}
    </div>
  )
}
