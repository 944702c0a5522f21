'use client'

import '@xyflow/react/dist/style.css'
import { Background, Controls, MarkerType, ReactFlow, ReactFlowProvider, type FitViewOptions } from '@xyflow/react'
import { useMemo } from 'react'
import type { GraphDocument } from '@/lib/graph/document'
import type { CanvasEdge, CanvasNode } from './adapter'
import { CanvasStoreProvider, useCanvasStore } from './CanvasStoreProvider'
import { canvasCss } from './FlowCanvas'
import { fitViewOptionsFor, isSmallGraph, minZoomFor } from './fit-view'
import { nodeTypes } from './node-types'
import { CanvasOverview } from './overview/CanvasOverview'
import { OverviewMiniMap } from './overview/OverviewMiniMap'
import { hiddenFromReactFlow } from './overview/hidden-from-react-flow'
import { overviewScene, type OverviewSceneSource } from './overview/overview-scene'
import { useOverviewClicks } from './overview/use-overview-clicks'
import { overviewFlowProps, useOverviewMode } from './overview/use-overview-mode'
import type { ProblemCounts } from './use-problems'

export interface ReadOnlyCanvasProps {
  workflowId: string
  name: string
  version: number
  document: GraphDocument
}

/**
 * A saved version drawn as the editor draws it, to look at only: nothing can be moved, connected,
 * selected or deleted. Its own store (never the editor's) only takes React Flow's measurements.
 */
export function ReadOnlyCanvas({ workflowId, name, version, document }: ReadOnlyCanvasProps) {
  return (
    <ReactFlowProvider>
      <CanvasStoreProvider init={{ workflowId, name, version, document }}>
        <Surface />
      </CanvasStoreProvider>
    </ReactFlowProvider>
  )
}

const defaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } }
const SMALL_GRAPH_FIT: FitViewOptions = { padding: 0.25, maxZoom: 1 }
const noEdges: CanvasEdge[] = []
/** A saved version is not checked: the overview marks no problems. */
const noProblems = new Map<string, ProblemCounts>()
const OVERVIEW_LABEL = 'Overview of the whole version: double-click a node to zoom to it'

/**
 * A large version opens in the canvas overview, as in the editor (one canvas below OVERVIEW_BELOW_ZOOM,
 * the canvas minimap); a click there selects nothing, a double-click zooms to the node.
 */
function Surface() {
  const { nodes, edges, onNodesChange } = useCanvasStore((s) => ({ nodes: s.nodes, edges: s.edges, onNodesChange: s.onNodesChange }))
  const minZoom = useCanvasStore((s) => minZoomFor(s.nodes))
  const large = !isSmallGraph(nodes.length)
  const mode = useOverviewMode(nodes, large)
  const sceneOf = useMemo<OverviewSceneSource>(() => (nodeLookup) => overviewScene(nodeLookup, edges, noProblems), [edges])
  const clicks = useOverviewClicks(sceneOf)
  const flowNodes = useMemo(() => (mode.overview ? hiddenFromReactFlow(nodes) : nodes), [mode.overview, nodes])
  const fitViewOptions = useMemo(() => (large ? fitViewOptionsFor(nodes.length, true) : SMALL_GRAPH_FIT), [large, nodes.length])
  return (
    <div ref={mode.wrapper} data-testid="canvas" data-readonly="true" className="relative min-h-0 min-w-0 flex-1">
      <style>{canvasCss}</style>
      {mode.startViewport === undefined ? null : (
        <ReactFlow<CanvasNode, CanvasEdge>
          nodes={flowNodes}
          edges={mode.overview ? noEdges : edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          defaultEdgeOptions={defaultEdgeOptions}
          nodesDraggable={false}
          nodesConnectable={false}
          elementsSelectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          deleteKeyCode={null}
          {...overviewFlowProps(mode, clicks)}
          fitViewOptions={fitViewOptions}
          minZoom={minZoom}
          maxZoom={2}
          onlyRenderVisibleElements={large}
          aria-label="Workflow canvas (read-only)"
        >
          <Background gap={16} color="#e4e4e7" />
          {mode.overview ? <CanvasOverview scene={sceneOf} label={OVERVIEW_LABEL} /> : null}
          <Controls showInteractive={false} position="bottom-left" fitViewOptions={fitViewOptions} />
          {large ? <OverviewMiniMap scene={sceneOf} /> : null}
        </ReactFlow>
      )}
    </div>
  )
}
