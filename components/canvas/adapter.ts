/**
 * lib/graph document ⇄ React Flow nodes and edges. The document is the saved truth; React Flow's
 * extra fields (selection, measured size, dragging) live only on the canvas and are dropped on
 * the way back, so a round trip returns the same document.
 */
import type { Edge, Node } from '@xyflow/react'
import { CURRENT_SCHEMA_VERSION, type GraphDocument, type GraphEdge, type GraphNode } from '@/lib/graph/document'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'

/** A canvas node of one kind: its `type` is the kind (never absent) and its data that kind's data. */
export type CanvasNodeOf<K extends NodeKind> = Node<NodeData<K>, K> & { type: K }
/** Any canvas node, discriminated by `type`: checking `node.type` narrows `node.data`. */
export type CanvasNode = { [K in NodeKind]: CanvasNodeOf<K> }[NodeKind]

export interface CanvasEdgeData extends Record<string, unknown> {
  /** CEL over `input`: the message passes only when it is true. */
  condition?: string
}

export type CanvasEdge = Edge<CanvasEdgeData>

// A GraphNode's kind and data agree, and so do the canvas node's type and data: TypeScript does not follow that
// pairing through an object built from a union, hence the casts here and in canvasNodeToGraph.
export function nodeToCanvas(node: GraphNode): CanvasNode {
  return { id: node.id, type: node.kind, position: { ...node.position }, data: node.data } as CanvasNode
}

/** The node with new data of its own kind (an edit, an undo, a remote change): the one place that pairing is asserted. */
export function withNodeData(node: CanvasNode, data: NodeData): CanvasNode {
  return { ...node, data } as CanvasNode
}

export function edgeToCanvas(edge: GraphEdge): CanvasEdge {
  const canvasEdge: CanvasEdge = {
    id: edge.id,
    source: edge.source,
    target: edge.target,
    sourceHandle: edge.sourceHandle ?? null,
    targetHandle: edge.targetHandle ?? null,
    data: edge.condition !== undefined ? { condition: edge.condition } : {},
  }
  return decorateEdge(canvasEdge)
}

/** Shows a conditional edge's expression as its label, dashed, so conditions are visible at a glance. */
export function decorateEdge(edge: CanvasEdge): CanvasEdge {
  const condition = edge.data?.condition
  if (condition === undefined) {
    const { label: _label, style: _style, ...rest } = edge
    return rest
  }
  return {
    ...edge,
    label: condition.length > 32 ? `${condition.slice(0, 31)}…` : condition,
    style: { strokeDasharray: '6 4' },
  }
}

export function documentToCanvas(document: GraphDocument): { nodes: CanvasNode[]; edges: CanvasEdge[] } {
  return { nodes: document.nodes.map(nodeToCanvas), edges: document.edges.map(edgeToCanvas) }
}

export function canvasNodeToGraph(node: CanvasNode): GraphNode {
  return { id: node.id, kind: node.type, position: { x: round(node.position.x), y: round(node.position.y) }, data: node.data } as GraphNode
}

export function canvasEdgeToGraph(edge: CanvasEdge): GraphEdge {
  const graphEdge: GraphEdge = { id: edge.id, source: edge.source, target: edge.target }
  if (edge.sourceHandle) graphEdge.sourceHandle = edge.sourceHandle
  if (edge.targetHandle) graphEdge.targetHandle = edge.targetHandle
  if (edge.data?.condition !== undefined) graphEdge.condition = edge.data.condition
  return graphEdge
}

export function canvasToDocument(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): GraphDocument {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    nodes: nodes.map(canvasNodeToGraph),
    edges: edges.map(canvasEdgeToGraph),
  }
}

/** Positions are stored to a tenth of a pixel: drags produce long fractions nobody needs. */
function round(value: number): number {
  return Math.round(value * 10) / 10
}
