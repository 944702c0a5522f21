'use client'

import { ReactFlowProvider } from '@xyflow/react'
import { useMemo } from 'react'
import { isSmallGraph } from '@/components/canvas/fit-view'
import { cn } from '@/components/ui'
import { nodeLabel } from './graph-labels'
import { RunGraphCanvas } from './RunGraphCanvas'
import { NodeProgressContext, type NodeProgress, type RunFlowNode } from './RunNodeCard'
import type { NodeRunStatus } from './run-state'
import { NODE_STATUS_LABEL } from './status-style'
import type { RunGraph } from '@/lib/contracts/runs'

export interface RunGraphViewProps {
  graph: RunGraph
  statuses: Record<string, NodeRunStatus>
  invocations: Record<string, number>
  errors: Record<string, string>
  /** Its height; by default taller for a large graph, which shows the minimap below it. */
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
  const height = className ?? (isSmallGraph(nodes.length) ? 'h-80' : 'h-[32rem]')

  return (
    <div className={cn('relative min-h-56', height)} role="group" aria-label="Workflow graph with node statuses" data-testid="run-graph">
      <ReactFlowProvider>
        <NodeProgressContext.Provider value={progress}>
          <RunGraphCanvas nodes={nodes} edges={graph.edges} statuses={statuses} onNodeSelect={onNodeSelect} />
        </NodeProgressContext.Provider>
      </ReactFlowProvider>
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
