'use client'

import { useMemo } from 'react'
import { textChanges } from './text-diff'

/** How the second text differs from the first: removed stretches struck through in red, added ones in green. */
export function TextDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const changes = useMemo(() => textChanges(before, after), [before, after])
  if (!changes) return <p className="text-zinc-500 italic">Too long to show what changed here.</p>
  return (
    <p aria-label={label} data-testid="text-diff" className="break-words whitespace-pre-wrap text-zinc-800">
      {changes.map((change, i) =>
        change.kind === 'removed' ? (
          <del key={i} className="bg-red-100 text-red-800">
            {change.text}
          </del>
        ) : change.kind === 'added' ? (
          <ins key={i} className="bg-emerald-100 text-emerald-800 no-underline">
            {change.text}
          </ins>
        ) : (
          <span key={i}>{change.text}</span>
        ),
      )}
    </p>
  )
}
