'use client'

import { Handle, Position } from '@xyflow/react'
import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'
import type { HandleSpec } from '@/lib/graph/handles'
import type { NodeKind } from '@/lib/graph/node-data'
import { NODE_REGISTRY } from '../node-kinds'
import { NodeIcon } from './NodeIcon'
import { useNodeDecorations } from './node-decorations'
import { handleClasses, statusDot } from './node-styles'
import { SimpleNodeBody } from './SimpleNodeBody'
import { useZoomedOut } from './use-zoomed-out'

export interface BaseNodeProps {
  id: string
  kind: NodeKind
  title: string
  selected: boolean
  inputs: HandleSpec[]
  outputs: HandleSpec[]
  children?: ReactNode
}

/**
 * The frame every node kind shares: icon, title, kind badge, status dot, problem marker and
 * handles. A node with several outputs (a condition) gets one labelled row per output. Zoomed out,
 * it draws SimpleNodeBody instead.
 */
export function BaseNode({ id, kind, title, selected, inputs, outputs, children }: BaseNodeProps) {
  const definition = NODE_REGISTRY[kind]
  const { problems, status, pinned, breakpoints } = useNodeDecorations(id)
  const hasErrors = (problems?.errors ?? 0) > 0
  const hasWarnings = !hasErrors && (problems?.warnings ?? 0) > 0
  const marker = hasErrors ? 'error' : hasWarnings ? 'warning' : 'none'
  const zoomedOut = useZoomedOut()
  const namedOutputs = outputs.length > 1 || outputs.some((handle) => handle.id !== undefined)
  if (zoomedOut) {
    return <SimpleNodeBody id={id} kind={kind} title={title} selected={selected} inputs={inputs} outputs={outputs} problems={marker} status={status} />
  }

  return (
    <div
      data-testid={`node-${id}`}
      data-kind={kind}
      data-problems={marker}
      data-body="detailed"
      className={cn(
        'relative w-60 rounded-lg border bg-white text-left shadow-sm transition-shadow',
        selected ? 'border-indigo-500 ring-2 ring-indigo-500/25' : definition.tone.border,
        hasErrors && !selected && 'border-red-400',
      )}
    >
      {inputs.map((handle) => (
        <Handle key={handle.id ?? 'in'} id={handle.id} type="target" position={Position.Left} className={handleClasses} aria-label={`${title} input`} />
      ))}
      {breakpoints?.before ? (
        <span
          data-testid={`node-breakpoint-before-${id}`}
          title="Breakpoint: a debug run pauses before this node"
          className="absolute top-1/2 -left-5 h-3 w-3 -translate-y-1/2 rounded-full bg-red-600 ring-2 ring-white"
        >
          <span className="sr-only">Breakpoint before</span>
        </span>
      ) : null}
      {breakpoints?.after ? (
        <span
          data-testid={`node-breakpoint-after-${id}`}
          title="Breakpoint: a debug run pauses after this node"
          className="absolute top-1/2 -right-5 h-3 w-3 -translate-y-1/2 rounded-sm bg-red-600 ring-2 ring-white"
        >
          <span className="sr-only">Breakpoint after</span>
        </span>
      ) : null}
      <div className="flex items-start gap-2 px-3 pt-2.5 pb-2">
        <span className={cn('mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-md', definition.tone.icon)}>
          <NodeIcon path={definition.icon} />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1.5">
            <span className="truncate text-[13px] font-semibold text-zinc-900">{title}</span>
            {status ? <span aria-label={`Status: ${status}`} className={cn('h-2 w-2 shrink-0 rounded-full', statusDot[status])} /> : null}
          </div>
          <span className="flex items-center gap-1.5">
            <span className="text-[10px] font-medium tracking-wide text-zinc-500 uppercase">{definition.label}</span>
            {pinned ? (
              <span
                data-testid={`node-pin-${id}`}
                title="Output pinned: debug runs send the pin instead of running this node"
                className="rounded bg-sky-100 px-1 text-[10px] font-semibold text-sky-800"
              >
                Pinned
              </span>
            ) : null}
          </span>
        </div>
        {hasErrors || hasWarnings ? (
          <span
            data-testid={`node-problem-${id}`}
            title={`${problems!.errors} error(s), ${problems!.warnings} warning(s)`}
            className={cn(
              'flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-[10px] font-bold text-white',
              hasErrors ? 'bg-red-500' : 'bg-amber-500',
            )}
          >
            {hasErrors ? problems!.errors : problems!.warnings}
            <span className="sr-only">{hasErrors ? ' errors' : ' warnings'}</span>
          </span>
        ) : null}
      </div>
      {children ? <div className="px-3 pb-2.5 text-xs leading-snug text-zinc-600">{children}</div> : null}
      {namedOutputs ? (
        <div className="border-t border-zinc-100 py-1">
          {outputs.map((handle) => (
            <div key={handle.id ?? 'out'} className="relative py-1 pr-4 text-right text-[11px] text-zinc-600">
              <span className="truncate">{handle.label ?? handle.id}</span>
              <Handle
                id={handle.id}
                type="source"
                position={Position.Right}
                className={handleClasses}
                aria-label={`${title} ${handle.label ?? handle.id} output`}
              />
            </div>
          ))}
        </div>
      ) : (
        outputs.map((handle) => (
          <Handle key={handle.id ?? 'out'} id={handle.id} type="source" position={Position.Right} className={handleClasses} aria-label={`${title} output`} />
        ))
      )}
    </div>
  )
}
