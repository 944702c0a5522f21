'use client'

import { Handle, Position } from '@xyflow/react'
import { cn } from '@/components/ui/cn'
import type { HandleSpec } from '@/lib/graph/handles'
import type { NodeKind } from '@/lib/graph/node-data'
import { NODE_REGISTRY } from '../node-kinds'
import { NodeIcon } from './NodeIcon'
import type { NodeStatus } from './node-decorations'
import { handleClasses, statusDot } from './node-styles'

export interface SimpleNodeBodyProps {
  id: string
  kind: NodeKind
  title: string
  selected: boolean
  inputs: HandleSpec[]
  outputs: HandleSpec[]
  problems: 'error' | 'warning' | 'none'
  status?: NodeStatus
}

/** Several handles on one side share it evenly; one sits in the middle, as in the detailed body. */
function handleOffset(index: number, count: number) {
  return count > 1 ? { top: `${((index + 1) / (count + 1)) * 100}%` } : undefined
}

/**
 * A node zoomed out: icon and title in large type, nothing else to paint (no summary, no shadow, no
 * handle labels), so that a thousand of them pan smoothly and titles stay legible from afar. The
 * handles stay, unlabelled, so that edges keep their ends.
 */
export function SimpleNodeBody({ id, kind, title, selected, inputs, outputs, problems, status }: SimpleNodeBodyProps) {
  const definition = NODE_REGISTRY[kind]
  return (
    <div
      data-testid={`node-${id}`}
      data-kind={kind}
      data-problems={problems}
      data-body="simple"
      className={cn(
        'relative flex h-20 w-60 items-center gap-3 rounded-lg border-2 bg-white px-3',
        selected ? 'border-indigo-500' : problems === 'error' ? 'border-red-400' : definition.tone.border,
      )}
    >
      {inputs.map((handle, i) => (
        <Handle
          key={handle.id ?? 'in'}
          id={handle.id}
          type="target"
          position={Position.Left}
          className={handleClasses}
          style={handleOffset(i, inputs.length)}
          aria-label={`${title} input`}
        />
      ))}
      <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-lg', definition.tone.icon)}>
        <NodeIcon path={definition.icon} className="h-8 w-8" />
      </span>
      <span className="min-w-0 flex-1 truncate text-[26px] leading-tight font-semibold text-zinc-900">{title}</span>
      {problems !== 'none' || status ? (
        <span
          aria-label={problems !== 'none' ? `Has ${problems}s` : `Status: ${status}`}
          className={cn('h-4 w-4 shrink-0 rounded-full', problems === 'error' ? 'bg-red-500' : problems === 'warning' ? 'bg-amber-500' : statusDot[status!])}
        />
      ) : null}
      {outputs.map((handle, i) => (
        <Handle
          key={handle.id ?? 'out'}
          id={handle.id}
          type="source"
          position={Position.Right}
          className={handleClasses}
          style={handleOffset(i, outputs.length)}
          aria-label={handle.id === undefined ? `${title} output` : `${title} ${handle.label ?? handle.id} output`}
        />
      ))}
    </div>
  )
}
