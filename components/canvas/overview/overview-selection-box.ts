/**
 * Box selection in the canvas overview, by React Flow's rules (its Pane): the box spans the press and
 * the pointer; with SelectionMode.Full (React Flow's default, which the canvas keeps) a node is taken
 * when the box holds it whole, with Partial when the box touches it; the edges of every node taken
 * are taken too. Pure, in flow units.
 */
import { SelectionMode } from '@xyflow/react'
import type { OverviewNode, Point, Rect } from './overview-geometry'

export function boxFromCorners(a: Point, b: Point): Rect {
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(a.x - b.x), height: Math.abs(a.y - b.y) }
}

function overlapArea(a: Rect, b: Rect): number {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x))
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y))
  return width * height
}

/** The ids of the nodes a box selects. */
export function nodesInBox(nodes: readonly OverviewNode[], box: Rect, mode: SelectionMode): Set<string> {
  const ids = new Set<string>()
  for (const node of nodes) {
    const area = overlapArea(node.box, box)
    const taken = mode === SelectionMode.Partial ? area > 0 : area >= node.box.width * node.box.height
    if (taken) ids.add(node.id)
  }
  return ids
}

/** The ids of the edges that touch a selected node, at either end. */
export function edgesOfNodes(edges: ReadonlyArray<{ id: string; source: string; target: string }>, nodeIds: ReadonlySet<string>): Set<string> {
  return new Set(edges.flatMap((edge) => (nodeIds.has(edge.source) || nodeIds.has(edge.target) ? [edge.id] : [])))
}
