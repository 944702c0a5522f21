/**
 * Left-to-right auto layout with elkjs's layered algorithm. Node sizes come from React Flow's
 * measurements (a default before the first render); handles are ports so that a condition's case
 * edges leave in case order.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api'
import type { XYPosition } from '@xyflow/react'
import type { CanvasEdge, CanvasNode } from './adapter'
import { layoutEngine } from './layout-engine'

const DEFAULT_SIZE = { width: 240, height: 90 }

const layoutOptions = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.layered.spacing.nodeNodeBetweenLayers': '90',
  'elk.spacing.nodeNode': '50',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
}

/**
 * `aspectRatio`: the canvas' width over its height. A chain longer than the canvas is wide wraps
 * into rows of that shape, so that fit view can show it all at a readable zoom (fit-view.ts).
 */
export function toElkGraph(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[], aspectRatio?: number): ElkNode {
  const ids = new Set(nodes.map((node) => node.id))
  const wrapping: Record<string, string> =
    aspectRatio !== undefined && Number.isFinite(aspectRatio) && aspectRatio > 0
      ? { 'elk.layered.wrapping.strategy': 'MULTI_EDGE', 'elk.aspectRatio': aspectRatio.toFixed(2) }
      : {}
  return {
    id: 'root',
    layoutOptions: { ...layoutOptions, ...wrapping },
    children: nodes.map((node) => ({
      id: node.id,
      width: node.measured?.width ?? node.width ?? DEFAULT_SIZE.width,
      height: node.measured?.height ?? node.height ?? DEFAULT_SIZE.height,
    })),
    edges: edges
      .filter((edge) => ids.has(edge.source) && ids.has(edge.target))
      .map((edge): ElkExtendedEdge => ({ id: edge.id, sources: [edge.source], targets: [edge.target] })),
  }
}

/** New top-left positions for every node. */
export async function computeLayout(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[], aspectRatio?: number): Promise<Record<string, XYPosition>> {
  const result = await layoutEngine().layout(toElkGraph(nodes, edges, aspectRatio))
  const positions: Record<string, XYPosition> = {}
  for (const child of result.children ?? []) positions[child.id] = { x: Math.round(child.x ?? 0), y: Math.round(child.y ?? 0) }
  return positions
}
