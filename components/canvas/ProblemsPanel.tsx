'use client'

import { useMemo, useState } from 'react'
import { cn } from '@/components/ui/cn'
import { nodeDefinition } from './node-kinds'
import { useCanvasProblemsContext } from './CanvasProblemsProvider'
import type { CanvasNode } from './adapter'
import { useCanvasStore } from './CanvasStoreProvider'

/** Lists validation problems under the canvas; choosing one selects (and shows) its node or edge. */
export function ProblemsPanel({ onReveal }: { onReveal: (target: { nodeId?: string; edgeId?: string }) => void }) {
  const { problems, errorCount, warningCount, checked } = useCanvasProblemsContext()
  const [open, setOpen] = useState(true)
  // Only the titles of the nodes with problems, compared shallowly: the panel re-renders when one of them changes,
  // not on every change of the canvas (each frame of a drag, each keystroke in the inspector).
  const nodeIds = useMemo(() => new Set(problems.flatMap((problem) => (problem.nodeId ? [problem.nodeId] : []))), [problems])
  const titles = useCanvasStore((s) => titlesOf(s.nodes, nodeIds))
  const titleOf = (nodeId: string | undefined) => (nodeId === undefined ? undefined : titles.get(nodeId))
  return (
    // At most a quarter of the editor's height (and 14rem): the list scrolls inside, and the canvas above keeps the rest.
    <section
      data-testid="problems-panel"
      aria-label="Problems"
      // Until the first check, the panel takes the most room a list of problems may take: when they arrive the canvas
      // does not shrink under a graph already fitted to it (it may grow, if there are none).
      className={cn('flex max-h-[min(14rem,25vh)] min-h-0 shrink-0 flex-col border-t border-zinc-200 bg-white', open && !checked && 'h-[min(14rem,25vh)]')}
    >
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex items-center gap-3 px-4 py-2 text-left text-xs font-medium text-zinc-700 hover:bg-zinc-50"
      >
        <span>Problems</span>
        <span data-testid="problems-errors" className={cn('rounded px-1.5 py-0.5', errorCount > 0 ? 'bg-red-50 text-red-700' : 'bg-zinc-100 text-zinc-500')}>
          {errorCount} {errorCount === 1 ? 'error' : 'errors'}
        </span>
        <span
          data-testid="problems-warnings"
          className={cn('rounded px-1.5 py-0.5', warningCount > 0 ? 'bg-amber-50 text-amber-800' : 'bg-zinc-100 text-zinc-500')}
        >
          {warningCount} {warningCount === 1 ? 'warning' : 'warnings'}
        </span>
        <span aria-hidden className="ml-auto text-zinc-400">
          {open ? '▾' : '▸'}
        </span>
      </button>
      {open ? (
        !checked ? (
          <p data-testid="problems-checking" className="px-4 pb-3 text-xs text-zinc-500">
            Checking the workflow…
          </p>
        ) : problems.length === 0 ? (
          <p className="px-4 pb-3 text-xs text-zinc-500">No problems: the workflow can be saved and run.</p>
        ) : (
          <ul data-testid="problems-list" className="min-h-0 flex-1 overflow-y-auto overscroll-contain pb-2">
            {problems.map((problem, i) => {
              const where = titleOf(problem.nodeId) ?? (problem.edgeId ? 'Edge' : 'Workflow')
              const target = problem.nodeId || problem.edgeId ? { nodeId: problem.nodeId, edgeId: problem.nodeId ? undefined : problem.edgeId } : undefined
              return (
                <li key={i}>
                  <button
                    type="button"
                    data-testid={`problem-${i}`}
                    data-code={problem.code}
                    disabled={!target}
                    onClick={() => target && onReveal(target)}
                    className="flex w-full items-start gap-2 px-4 py-1 text-left text-xs hover:bg-zinc-50 disabled:cursor-default disabled:hover:bg-transparent"
                  >
                    <span aria-hidden className={cn('mt-1 h-2 w-2 shrink-0 rounded-full', problem.severity === 'error' ? 'bg-red-500' : 'bg-amber-500')} />
                    <span className="sr-only">{problem.severity}: </span>
                    <span className="w-36 shrink-0 truncate font-medium text-zinc-700">{where}</span>
                    <span className="text-zinc-600">{problem.message}</span>
                  </button>
                </li>
              )
            })}
          </ul>
        )
      ) : null}
    </section>
  )
}

/** Each node's title by id (the first node with an id, as a search of the list would find it). */
function titlesOf(nodes: readonly CanvasNode[], ids: ReadonlySet<string>): Map<string, string> {
  const titles = new Map<string, string>()
  if (ids.size === 0) return titles
  for (const node of nodes) {
    if (ids.has(node.id) && !titles.has(node.id)) titles.set(node.id, nodeDefinition(node.type).title(node.data))
  }
  return titles
}
