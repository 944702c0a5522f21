'use client'

import '@xyflow/react/dist/style.css'
import { Background, Controls, Handle, Position, ReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react'
import { createContext, memo, useContext, useMemo } from 'react'
import { cn } from '@/components/ui'
import { kindLabel, nodeLabel } from './graph-labels'
import type { NodeRunStatus } from './run-state'
import { NODE_STATUS_LABEL, NODE_STATUS_STYLE } from './status-style'
import type { RunGraph } from '@/lib/contracts/runs'

/** What a node shows of the graph: fixed for the run. */
type RunNodeData = { label: string; kind: string; clickable: boolean }
type RunFlowNode = Node<RunNodeData, 'run'>

/** What a node shows of the run: changes with every event. */
interface NodeProgress {
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
const NodeProgressContext = createContext<NodeProgress>({ statuses: {}, invocations: {}, errors: {} })

const RunNode = memo(function RunNode({ id, data: graphData }: NodeProps<RunFlowNode>) {
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
const nodeTypes = { run: RunNode }

export interface RunGraphViewProps {
  graph: RunGraph
  statuses: Record<string, NodeRunStatus>
  invocations: Record<string, number>
  errors: Record<string, string>
  className?: string
  /** Clicking a node (or its entry in the screen-reader list) asks for what it received and produced. */
  onNodeSelect?: (nodeId: string) => void
}

/** The workflow as it was run, read-only, each node coloured by what the run did with it. */
export function RunGraphView({ graph, statuses, invocations, errors, className, onNodeSelect }: RunGraphViewProps) {
  const nodes = useMemo<RunFlowNode[]>(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: 'run',
        position: node.position,
        data: { label: nodeLabel(node), kind: node.kind, clickable: onNodeSelect !== undefined },
      })),
    [graph, onNodeSelect],
  )
  const progress = useMemo<NodeProgress>(() => ({ statuses, invocations, errors }), [statuses, invocations, errors])
  const edges = useMemo<Edge[]>(
    () =>
      graph.edges.map((edge) => {
        const target = statuses[edge.target] ?? 'idle'
        const sourceDone = statuses[edge.source] === 'done'
        return {
          id: edge.id,
          source: edge.source,
          target: edge.target,
          sourceHandle: null,
          targetHandle: null,
          animated: target === 'running' || target === 'waiting',
          style: { stroke: sourceDone ? '#10b981' : '#a1a1aa', strokeWidth: 1.5 },
        }
      }),
    [graph, statuses],
  )

  return (
    <div className={cn('relative min-h-56', className ?? 'h-80')} role="group" aria-label="Workflow graph with node statuses" data-testid="run-graph">
      <NodeProgressContext.Provider value={progress}>
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={nodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          onNodeClick={onNodeSelect ? (_event, node) => onNodeSelect(node.id) : undefined}
          fitView
          fitViewOptions={{ padding: 0.2, maxZoom: 1.1 }}
          minZoom={0.2}
        >
          <Background gap={20} size={1} color="#e4e4e7" />
          <Controls showInteractive={false} position="bottom-right" />
        </ReactFlow>
      </NodeProgressContext.Provider>
      <ul className="sr-only">
        {nodes.map((node) => (
          <li key={node.id}>
            {onNodeSelect ? (
              <button type="button" onClick={() => onNodeSelect(node.id)}>
                {node.data.label}: {NODE_STATUS_LABEL[statuses[node.id] ?? 'idle']} (show what it received and produced)
              </button>
            ) : (
              <>
                {node.data.label}: {NODE_STATUS_LABEL[statuses[node.id] ?? 'idle']}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
