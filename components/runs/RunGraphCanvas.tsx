'use client'

import '@xyflow/react/dist/style.css'
import { Background, Controls, ReactFlow, type Edge, type FitViewOptions } from '@xyflow/react'
import { useCallback, useMemo } from 'react'
import { fitViewOptionsFor, isSmallGraph, minZoomFor } from '@/components/canvas/fit-view'
import { CanvasOverview } from '@/components/canvas/overview/CanvasOverview'
import { OverviewMiniMap } from '@/components/canvas/overview/OverviewMiniMap'
import { hiddenFromReactFlow } from '@/components/canvas/overview/hidden-from-react-flow'
import type { OverviewSceneSource } from '@/components/canvas/overview/overview-scene'
import { useOverviewClicks } from '@/components/canvas/overview/use-overview-clicks'
import { overviewFlowProps, useOverviewMode } from '@/components/canvas/overview/use-overview-mode'
import { runOverviewScene } from './run-overview-scene'
import { RUN_EDGE_DONE, RUN_EDGE_PENDING } from './run-node-paint'
import { RUN_NODE_SIZE, runNodeTypes, type RunFlowNode } from './RunNodeCard'
import type { NodeRunStatus } from './run-state'
import type { RunGraph } from '@/lib/contracts/runs'

export interface RunGraphCanvasProps {
  /** The graph's nodes for React Flow: the same objects for the whole run (RunNodeCard reads progress from context). */
  nodes: RunFlowNode[]
  edges: RunGraph['edges']
  statuses: Record<string, NodeRunStatus>
  onNodeSelect?: (nodeId: string) => void
}

const SMALL_GRAPH_FIT: FitViewOptions = { padding: 0.2, maxZoom: 1.1 }
const noEdges: Edge[] = []
const OVERVIEW_LABEL =
  'Overview of the run graph, each node coloured by its status: click a node to see what it received and produced, double-click to zoom to it'

function cardEdges(edges: RunGraph['edges'], statuses: Record<string, NodeRunStatus>): Edge[] {
  return edges.map((edge) => {
    const target = statuses[edge.target] ?? 'idle'
    return {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: null,
      targetHandle: null,
      animated: target === 'running' || target === 'waiting',
      style: { stroke: statuses[edge.source] === 'done' ? RUN_EDGE_DONE : RUN_EDGE_PENDING, strokeWidth: 1.5 },
    }
  })
}

/**
 * The run graph's React Flow surface (inside a ReactFlowProvider). A large graph is drawn as the editor
 * draws one: on the canvas overview below OVERVIEW_BELOW_ZOOM (where it opens), each node painted by its
 * status, with the canvas minimap; a new batch of events repaints that canvas once, with no React render
 * of a node. Zoomed in, the nodes are cards again, only those in view.
 */
export function RunGraphCanvas({ nodes, edges, statuses, onNodeSelect }: RunGraphCanvasProps) {
  const large = !isSmallGraph(nodes.length)
  const mode = useOverviewMode(nodes, large)
  const sceneOf = useMemo<OverviewSceneSource>(() => (nodeLookup) => runOverviewScene(nodeLookup, edges, statuses), [edges, statuses])
  const selectAt = useCallback(
    (nodeId: string | undefined) => {
      if (nodeId) onNodeSelect?.(nodeId)
    },
    [onNodeSelect],
  )
  const clicks = useOverviewClicks(sceneOf, selectAt)
  const flowNodes = useMemo(() => (mode.overview ? hiddenFromReactFlow(nodes, RUN_NODE_SIZE) : nodes), [mode.overview, nodes])
  // In the overview React Flow draws no edge: the canvas does, so a status change builds no edge objects.
  const flowEdges = useMemo(() => (mode.overview ? noEdges : cardEdges(edges, statuses)), [mode.overview, edges, statuses])
  const fitViewOptions = useMemo(() => (large ? fitViewOptionsFor(nodes.length, true) : SMALL_GRAPH_FIT), [large, nodes.length])
  const minZoom = useMemo(() => minZoomFor(nodes), [nodes])

  return (
    <div ref={mode.wrapper} className="h-full w-full">
      {mode.startViewport === undefined ? null : (
        <ReactFlow
          nodes={flowNodes}
          edges={flowEdges}
          nodeTypes={runNodeTypes}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnScroll={false}
          preventScrolling={false}
          onNodeClick={onNodeSelect ? (_event, node) => onNodeSelect(node.id) : undefined}
          {...overviewFlowProps(mode, clicks)}
          fitViewOptions={fitViewOptions}
          minZoom={minZoom}
          onlyRenderVisibleElements={large}
        >
          <Background gap={20} size={1} color="#e4e4e7" />
          {mode.overview ? <CanvasOverview scene={sceneOf} label={OVERVIEW_LABEL} /> : null}
          <Controls showInteractive={false} position="bottom-left" fitViewOptions={fitViewOptions} />
          {large ? <OverviewMiniMap scene={sceneOf} /> : null}
        </ReactFlow>
      )}
    </div>
  )
}
