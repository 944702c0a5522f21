'use client'

import '@xyflow/react/dist/style.css'
import { Background, ControlButton, Controls, MarkerType, MiniMap, ReactFlow, useReactFlow, type Connection, type Edge } from '@xyflow/react'
import { forwardRef, useCallback, useMemo, type DragEvent } from 'react'
import { isNodeKind } from '@/lib/graph/document'
import type { CanvasEdge, CanvasNode } from './adapter'
import { MINIMAP_SIZE, fitViewOptionsFor, isSmallGraph, minZoomFor } from './fit-view'
import { NodeDecorationsContext, type NodeBreakpoints, type NodeDecorations } from './nodes/node-decorations'
import { useWorkflowPinsQuery } from '@/components/queries/workflow-pins'
import { useBreakpoints } from './use-breakpoints'
import { nodeTypes } from './node-types'
import { EditableCanvasOverview } from './overview/EditableCanvasOverview'
import { OverviewMiniMap } from './overview/OverviewMiniMap'
import { hiddenFromReactFlow } from './overview/hidden-from-react-flow'
import { overviewFlowProps, useOverviewMode } from './overview/use-overview-mode'
import { useOverviewPointer } from './overview/use-overview-pointer'
import { NODE_KIND_MIME } from './Palette'
import { useCanvasProblemsContext } from './CanvasProblemsProvider'
import { isConnectionAllowed, selectReadOnly } from './store'
import { LiveCursors } from './LiveCursors'
import { useRemoteEdgeSelectors, withRemoteEdgeSelections } from './use-remote-edge-selections'
import { useCanvasStore, useCanvasStoreApi } from './CanvasStoreProvider'

/** Half a node, so that a dropped node lands centred under the pointer. */
export const NODE_DROP_OFFSET = { x: 120, y: 36 }

const defaultEdgeOptions = { markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } }
const proOptions = { hideAttribution: false }
/**
 * Shift+click adds a node to the selection (or takes it out), as in most drawing tools; Ctrl and
 * Cmd, React Flow's own keys, keep working.
 */
const multiSelectionKeys = ['Shift', 'Control', 'Meta']
const noEdges: CanvasEdge[] = []

/**
 * React Flow styles its built-in node types (`input`, `output`, `default`) by class name; our
 * `output` kind shares that name, so undo those styles: BaseNode draws every node itself.
 */
export const canvasCss = `
[data-testid='canvas'] .react-flow__node-output {
  padding: 0; border: 0; border-radius: 0; width: auto; background: transparent;
  color: inherit; font-size: inherit; text-align: inherit; box-shadow: none;
}
[data-testid='canvas'] .react-flow__node-output.selectable:hover,
[data-testid='canvas'] .react-flow__node-output.selectable.selected { box-shadow: none; }
`

export interface FlowCanvasProps {
  /** Whether the minimap is shown (fit view keeps its corner free). */
  minimap: boolean
  onToggleMinimap: () => void
}

/** The React Flow surface: renders the store's nodes and edges and feeds every change back to it. */
export const FlowCanvas = forwardRef<HTMLDivElement, FlowCanvasProps>(function FlowCanvas({ minimap, onToggleMinimap }, ref) {
  const { nodes, edges, onNodesChange, onEdgesChange, onConnect, addNode } = useCanvasStore((s) => ({
    nodes: s.nodes,
    edges: s.edges,
    onNodesChange: s.onNodesChange,
    onEdgesChange: s.onEdgesChange,
    onConnect: s.onConnect,
    addNode: s.addNode,
  }))
  // A follower of a live canvas (runner, viewer) moves, connects and deletes nothing; selecting still shows the inspector.
  const readOnly = useCanvasStore(selectReadOnly)
  const store = useCanvasStoreApi()
  const { screenToFlowPosition } = useReactFlow<CanvasNode, CanvasEdge>()
  const { byNode } = useCanvasProblemsContext()
  // Debugging (issue #31): the workflow's pinned outputs and this browser's breakpoints, drawn on the nodes.
  const workflowId = useCanvasStore((s) => s.workflowId)
  const pins = useWorkflowPinsQuery(workflowId).data
  const [breakpoints] = useBreakpoints(workflowId)
  const decorations = useMemo<NodeDecorations>(() => {
    const marks = new Map<string, NodeBreakpoints>()
    for (const { nodeId, when } of breakpoints) marks.set(nodeId, { ...(marks.get(nodeId) ?? { before: false, after: false }), [when]: true })
    return { problems: byNode, pinned: new Set(pins?.map((pin) => pin.nodeId)), breakpoints: marks }
  }, [byNode, pins, breakpoints])
  // Read by React Flow once, when the canvas first fits its nodes.
  const fitViewOptions = useMemo(() => fitViewOptionsFor(nodes.length, minimap), [nodes.length, minimap])
  // Low enough for fit view to show a large graph whole; its nodes are then drawn simply (nodes/SimpleNodeBody.tsx).
  const minZoom = useCanvasStore((s) => minZoomFor(s.nodes))

  // A large graph opens in the overview and is drawn there zoomed out (use-overview-mode.ts).
  const mode = useOverviewMode(nodes, minimap)
  const { overview, startViewport } = mode
  const setWrapper = useCallback(
    (element: HTMLDivElement | null) => {
      mode.wrapper.current = element
      if (typeof ref === 'function') ref(element)
      else if (ref) ref.current = element
    },
    [ref, mode.wrapper],
  )
  const flowNodes = useMemo(() => (overview ? hiddenFromReactFlow(nodes) : nodes), [overview, nodes])
  // Live, the edges the others selected are drawn in their colour (their nodes: LiveCursors).
  const remoteEdgeSelectors = useRemoteEdgeSelectors()
  const flowEdges = useMemo(() => (overview ? noEdges : withRemoteEdgeSelections(edges, remoteEdgeSelectors)), [overview, edges, remoteEdgeSelectors])
  const overviewPointer = useOverviewPointer()

  const isValidConnection = useCallback((connection: Connection | Edge) => isConnectionAllowed(store.getState(), connection as Connection), [store])

  const onDragOver = useCallback((event: DragEvent) => {
    if (!event.dataTransfer.types.includes(NODE_KIND_MIME)) return
    event.preventDefault()
    event.dataTransfer.dropEffect = 'move'
  }, [])

  const onDrop = useCallback(
    (event: DragEvent) => {
      const kind = event.dataTransfer.getData(NODE_KIND_MIME)
      if (!isNodeKind(kind)) return
      event.preventDefault()
      const point = screenToFlowPosition({ x: event.clientX, y: event.clientY })
      addNode(kind, { x: point.x - NODE_DROP_OFFSET.x, y: point.y - NODE_DROP_OFFSET.y })
    },
    [addNode, screenToFlowPosition],
  )

  return (
    // Focusable, so that a click on the empty canvas moves the focus into it and Ctrl/Cmd+A selects its nodes.
    <div ref={setWrapper} data-testid="canvas" tabIndex={-1} className="relative min-h-0 min-w-0 flex-1 outline-none" onDragOver={onDragOver} onDrop={onDrop}>
      <style>{canvasCss}</style>
      <NodeDecorationsContext.Provider value={decorations}>
        {startViewport === undefined ? null : (
          <ReactFlow<CanvasNode, CanvasEdge>
            nodes={flowNodes}
            edges={flowEdges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            isValidConnection={isValidConnection}
            defaultEdgeOptions={defaultEdgeOptions}
            deleteKeyCode={null}
            nodesDraggable={!readOnly}
            nodesConnectable={!readOnly}
            edgesReconnectable={!readOnly}
            multiSelectionKeyCode={multiSelectionKeys}
            {...overviewFlowProps(mode, overviewPointer)}
            fitViewOptions={fitViewOptions}
            minZoom={minZoom}
            maxZoom={2}
            // Zooming in past SIMPLE_NODES_BELOW_ZOOM redraws every node in detail: only those in view, or a
            // thousand at once (a 3 s frame at 1,000 nodes, BENCHMARKS.md "Canvas at 200/500/1,000 nodes").
            // A small graph keeps all its nodes in the page (pasted ones may land out of view).
            onlyRenderVisibleElements={!isSmallGraph(nodes.length)}
            proOptions={proOptions}
            aria-label="Workflow canvas"
          >
            <Background gap={16} color="#e4e4e7" />
            <LiveCursors />
            {overview ? <EditableCanvasOverview edges={edges} problems={byNode} onGesture={mode.holdForGesture} /> : null}
            <Controls showInteractive={false} position="bottom-left" fitViewOptions={fitViewOptions}>
              <ControlButton
                onClick={onToggleMinimap}
                title={minimap ? 'Hide the minimap' : 'Show the minimap'}
                aria-label={minimap ? 'Hide the minimap' : 'Show the minimap'}
                aria-pressed={minimap}
                data-testid="toggle-minimap"
              >
                <svg viewBox="0 0 16 16" aria-hidden fill="none" stroke="currentColor" strokeWidth="1.5">
                  <rect x="1.5" y="2.5" width="13" height="11" rx="1" />
                  <rect x="8" y="8" width="5" height="4" fill="currentColor" stroke="none" />
                </svg>
              </ControlButton>
            </Controls>
            {minimap && !isSmallGraph(nodes.length) ? <OverviewMiniMap edges={edges} problems={byNode} /> : null}
            {minimap && isSmallGraph(nodes.length) ? (
              <MiniMap
                pannable
                zoomable
                position="bottom-right"
                style={MINIMAP_SIZE}
                className="!bg-white"
                nodeColor="#d4d4d8"
                maskColor="rgb(244 244 245 / 0.7)"
              />
            ) : null}
          </ReactFlow>
        )}
      </NodeDecorationsContext.Provider>
    </div>
  )
})
