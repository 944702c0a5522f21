'use client'

import { Handle, Position, type Node, type NodeProps } from '@xyflow/react'
import { createContext, memo, useContext } from 'react'
import { cn } from '@/components/ui'
import { kindLabel } from './graph-labels'
import type { NodeRunStatus } from './run-state'
import { NODE_STATUS_LABEL, NODE_STATUS_STYLE } from './status-style'

/** What a node shows of the graph: fixed for the run. */
export type RunNodeData = { label: string; kind: string; clickable: boolean }
export type RunFlowNode = Node<RunNodeData, 'run'>

/** The size of a node card (w-44, two lines of text): the overview's box for a node never rendered. */
export const RUN_NODE_SIZE = { width: 176, height: 56 }

/** What a node shows of the run: changes with every event. */
export interface NodeProgress {
  statuses: Record<string, NodeRunStatus>
  invocations: Record<string, number>
  errors: Record<string, string>
}

/**
 * Progress reaches the nodes through context, not through their data: React Flow treats a new
 * node object as a node to measure again (hidden until measured), and a burst of updates — a
 * cancel's answer, the stream's last events and the final refetch, all within a frame or two —
 * could leave the graph blank. The node objects stay the same for the whole run.
 */
export const NodeProgressContext = createContext<NodeProgress>({ statuses: {}, invocations: {}, errors: {} })

/** A node of the run graph as a card: its title, kind, status and how often it ran. */
export const RunNodeCard = memo(function RunNodeCard({ id, data: graphData }: NodeProps<RunFlowNode>) {
  const progress = useContext(NodeProgressContext)
  const data = { ...graphData, status: progress.statuses[id] ?? 'idle', invocations: progress.invocations[id] ?? 0, error: progress.errors[id] }
  const style = NODE_STATUS_STYLE[data.status]
  return (
    <div
      data-testid={`run-node-${id}`}
      data-status={data.status}
      title={data.error ? `${data.label}: ${data.error}` : `${data.label}: ${NODE_STATUS_LABEL[data.status]}`}
      className={cn('w-44 rounded-lg border px-3 py-2 shadow-sm transition-colors', data.clickable && 'cursor-pointer hover:shadow-md', style.card)}
    >
      <Handle type="target" position={Position.Left} isConnectable={false} className="!h-2 !w-2 !border-0 !bg-zinc-300" />
      <div className="flex items-center gap-2">
        <span aria-hidden className={cn('h-2 w-2 shrink-0 rounded-full', style.dot)} />
        <span className="truncate text-[13px] font-medium text-zinc-900">{data.label}</span>
      </div>
      <div className="mt-0.5 flex items-center justify-between gap-2 text-[11px] text-zinc-500">
        <span className="truncate">{kindLabel(data.kind)}</span>
        <span className="shrink-0">
          {NODE_STATUS_LABEL[data.status]}
          {data.invocations > 1 ? ` ×${data.invocations}` : ''}
        </span>
      </div>
      <Handle type="source" position={Position.Right} isConnectable={false} className="!h-2 !w-2 !border-0 !bg-zinc-300" />
    </div>
  )
})

// Module scope: React Flow warns when nodeTypes changes identity between renders.
export const runNodeTypes = { run: RunNodeCard }
