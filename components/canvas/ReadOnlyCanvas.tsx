'use client'

import '@xyflow/react/dist/style.css'
import { Background, Controls, MarkerType, ReactFlow, ReactFlowProvider } from '@xyflow/react'
import type { GraphDocument } from '@/lib/graph/document'
import type { CanvasEdge, CanvasNode } from './adapter'
import { CanvasStoreProvider, useCanvasStore } from './CanvasStoreProvider'
import { canvasCss } from './FlowCanvas'
import { minZoomFor } from './fit-view'
import { nodeTypes } from './node-types'

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

function Surface() {
  const { nodes, edges, onNodesChange } = useCanvasStore((s) => ({ nodes: s.nodes, edges: s.edges, onNodesChange: s.onNodesChange }))
  const minZoom = useCanvasStore((s) => minZoomFor(s.nodes))
  return (
    <div data-testid="canvas" data-readonly="true" className="relative min-h-0 min-w-0 flex-1">
      <style>{canvasCss}</style>
      <ReactFlow<CanvasNode, CanvasEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        defaultEdgeOptions={defaultEdgeOptions}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        deleteKeyCode={null}
        fitView
        fitViewOptions={{ padding: 0.25, maxZoom: 1 }}
        minZoom={minZoom}
        maxZoom={2}
        aria-label="Workflow canvas (read-only)"
      >
        <Background gap={16} color="#e4e4e7" />
        <Controls showInteractive={false} position="bottom-left" />
      </ReactFlow>
    </div>
  )
}
