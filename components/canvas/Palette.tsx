'use client'

import type { DragEvent } from 'react'
import type { NodeKind } from '@/lib/graph/node-data'
import { cn } from '@/components/ui/cn'
import { CATEGORY_LABELS, NODE_REGISTRY, paletteGroups } from './node-kinds'
import { NodeIcon } from './nodes/NodeIcon'
import { useCanvasStore } from './CanvasStoreProvider'
import { selectReadOnly } from './store'

/** The drag payload type; the canvas accepts drops carrying it. */
export const NODE_KIND_MIME = 'application/x-agentloom-node-kind'

/**
 * Node kinds to add: drag one onto the canvas, or click it (or press Enter on it) to add it in
 * the middle of the visible canvas.
 */
export function Palette({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  const hasStart = useCanvasStore((s) => s.nodes.some((node) => node.type === 'start'))
  // A follower of a live canvas (runner, viewer) adds nothing.
  const readOnly = useCanvasStore(selectReadOnly)
  if (readOnly) return null
  const onDragStart = (event: DragEvent<HTMLButtonElement>, kind: NodeKind) => {
    event.dataTransfer.setData(NODE_KIND_MIME, kind)
    event.dataTransfer.setData('text/plain', kind)
    event.dataTransfer.effectAllowed = 'move'
  }
  return (
    <nav aria-label="Node palette" data-testid="palette" className="flex w-52 shrink-0 flex-col gap-3 overflow-y-auto border-r border-zinc-200 bg-white p-3">
      {paletteGroups().map(({ category, kinds }) => (
        <div key={category} className="flex flex-col gap-0.5">
          <h2 className="px-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">{CATEGORY_LABELS[category]}</h2>
          {kinds.map((kind) => {
            const definition = NODE_REGISTRY[kind]
            const disabled = definition.singleton === true && kind === 'start' && hasStart
            return (
              <button
                key={kind}
                type="button"
                draggable={!disabled}
                disabled={disabled}
                data-testid={`palette-${kind}`}
                title={disabled ? 'A workflow has one start node.' : definition.description}
                aria-label={`Add ${definition.label} node`}
                onDragStart={(event) => onDragStart(event, kind)}
                onClick={() => onAdd(kind)}
                className={cn(
                  'flex items-center gap-2 rounded-md border border-transparent px-2 py-1 text-left text-sm text-zinc-800',
                  'hover:border-zinc-200 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-500 active:cursor-grabbing',
                  disabled ? 'cursor-not-allowed opacity-40' : 'cursor-grab',
                )}
              >
                <span className={cn('flex h-6 w-6 shrink-0 items-center justify-center rounded-md', definition.tone.icon)}>
                  <NodeIcon path={definition.icon} />
                </span>
                <span className="truncate">{definition.label}</span>
              </button>
            )
          })}
        </div>
      ))}
    </nav>
  )
}
