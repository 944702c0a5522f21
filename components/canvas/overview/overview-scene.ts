/**
 * What the canvas overview draws, read from React Flow's internal state: every node's box, kind
 * colours, title, selection and problem marker, and every edge between two boxes.
 */
import type { InternalNode, ReactFlowState } from '@xyflow/react'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasEdge, CanvasNode } from '../adapter'
import { NODE_REGISTRY, type NodeCategory, type NodeDefinition } from '../node-registry'
import type { ProblemCounts } from '../use-problems'
import type { OverviewNode, Rect } from './overview-geometry'
import { ESTIMATED_NODE_SIZE } from '../fit-view'

export type ProblemMarker = 'error' | 'warning' | 'none'

export interface SceneNode extends OverviewNode {
  category: NodeCategory
  title: string
  selected: boolean
  problems: ProblemMarker
}

export interface SceneEdge {
  source: Rect
  target: Rect
  dashed: boolean
  selected: boolean
}

export interface OverviewScene {
  nodes: SceneNode[]
  edges: SceneEdge[]
}

/** Titles are derived from node data; the same data object keeps its title across frames. */
const titles = new WeakMap<object, string>()

function titleOf(kind: NodeKind, data: NodeData): string {
  let title = titles.get(data)
  if (title === undefined) {
    title = (NODE_REGISTRY[kind] as unknown as NodeDefinition<NodeKind>).title(data)
    titles.set(data, title)
  }
  return title
}

export function problemMarker(counts: ProblemCounts | undefined): ProblemMarker {
  if ((counts?.errors ?? 0) > 0) return 'error'
  return (counts?.warnings ?? 0) > 0 ? 'warning' : 'none'
}

function boxOf(node: InternalNode<CanvasNode>): Rect {
  const { x, y } = node.internals.positionAbsolute
  return { x, y, width: node.measured.width ?? ESTIMATED_NODE_SIZE.width, height: node.measured.height ?? ESTIMATED_NODE_SIZE.height }
}

/** `nodeLookup` is React Flow's (it has every node's measured size, hidden or not); `edges` the canvas store's. */
export function overviewScene(
  nodeLookup: ReactFlowState<CanvasNode, CanvasEdge>['nodeLookup'],
  edges: readonly CanvasEdge[],
  problems: ReadonlyMap<string, ProblemCounts>,
): OverviewScene {
  const nodes: SceneNode[] = []
  const boxes = new Map<string, Rect>()
  for (const node of nodeLookup.values()) {
    const kind = node.type as NodeKind
    const box = boxOf(node)
    boxes.set(node.id, box)
    nodes.push({
      id: node.id,
      box,
      category: NODE_REGISTRY[kind].category,
      title: titleOf(kind, node.data),
      selected: Boolean(node.selected),
      problems: problemMarker(problems.get(node.id)),
    })
  }
  const lines: SceneEdge[] = []
  for (const edge of edges) {
    const [source, target] = [boxes.get(edge.source), boxes.get(edge.target)]
    if (source && target) lines.push({ source, target, dashed: edge.data?.condition !== undefined, selected: Boolean(edge.selected) })
  }
  return { nodes, edges: lines }
}
