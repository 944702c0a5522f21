import type { ImportPreviewEntry } from '@/lib/contracts/mcp-servers'

export interface ImportPreviewListProps {
  entries: readonly ImportPreviewEntry[]
  onExisting: 'skip' | 'update'
}

/** The servers an import would create, update or leave, each with what is wrong with it. */
export function ImportPreviewList({ entries, onExisting }: ImportPreviewListProps) {
  if (entries.length === 0) return <p className="text-sm text-zinc-500">The document lists no servers.</p>
  return (
    <ul className="flex max-h-72 flex-col gap-1.5 overflow-auto" data-testid="mcp-import-preview" aria-label="Servers to import">
      {entries.map((entry) => {
        const outcome = !entry.exists ? 'new' : onExisting === 'update' ? 'updates the existing server' : 'exists: left as it is'
        return (
          <li
            key={entry.key}
            data-testid="mcp-import-entry"
            data-id={entry.id}
            data-ok={entry.problems.length === 0}
            className={entry.problems.length ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2' : 'rounded-md border border-zinc-200 bg-white px-3 py-2'}
          >
            <div className="flex flex-wrap items-baseline gap-2 text-sm">
              <span className="font-medium text-zinc-900">{entry.name}</span>
              <code className="font-mono text-[11px] text-zinc-500">{entry.id}</code>
              <span className="text-xs text-zinc-600">{entry.transport}</span>
              <span className="text-xs text-zinc-500">· {outcome}</span>
            </div>
            {entry.summary ? <code className="block font-mono text-[12px] break-all text-zinc-700">{entry.summary}</code> : null}
            {entry.secretKeys.env.length + entry.secretKeys.headers.length > 0 ? (
              <p className="text-xs text-zinc-600">Kept secret: {[...entry.secretKeys.env, ...entry.secretKeys.headers].join(', ')}</p>
            ) : null}
            {entry.problems.length ? (
              <ul className="mt-1 list-disc pl-4 text-xs text-red-700">
                {entry.problems.map((problem, index) => (
                  <li key={index}>
                    <code className="font-mono">{problem.path}</code> {problem.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
