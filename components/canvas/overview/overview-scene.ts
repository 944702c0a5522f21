/**
 * What the canvas overview draws, read from React Flow's internal state: every node's box, kind
 * colours, title, selection and problem marker, and every edge between two boxes. Views other than
 * the editor (the run graph) hand the overview their own scene source, with nodes painted as they say.
 */
import type { InternalNode, Node } from '@xyflow/react'
import type { NodeData, NodeKind } from '@/lib/graph/node-data'
import type { CanvasEdge } from '../adapter'
import { NODE_REGISTRY, nodeDefinition, type NodeCategory } from '../node-kinds'
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
  /** Its view's colour for it (the run graph's), drawn instead of the editor's grey or selection colour. */
  colour?: string
}

export interface OverviewScene<N extends OverviewNode = SceneNode> {
  nodes: N[]
  edges: SceneEdge[]
}

/** How a node is painted when its view gives the colours (the run graph: by status) instead of its kind, selection and problems. */
export interface NodePaint {
  fill: string
  stroke: string
  lineWidth: number
  dashed?: boolean
  /** What fills a node drawn a pixel or two across (the minimap): the colour that tells it apart. */
  solid: string
}

/** A node of a view other than the editor's, painted as it says. */
export interface PaintedSceneNode extends OverviewNode {
  title: string
  paint: NodePaint
}

/** Any scene the overview can draw: the editor's, or another view's painted nodes. */
export type AnyOverviewScene = OverviewScene<SceneNode | PaintedSceneNode>

/**
 * Builds the scene from React Flow's nodes (their positions and measured sizes) at paint time:
 * the editor's (overviewScene with its edges and problems), or another view's (the run graph's statuses).
 */
export type OverviewSceneSource = (nodeLookup: OverviewNodeLookup) => AnyOverviewScene

/** React Flow's nodes by id, of any view (its `nodeLookup`). */
export type OverviewNodeLookup = ReadonlyMap<string, InternalNode<Node>>

/** Titles are derived from node data; the same data object keeps its title across frames. */
const titles = new WeakMap<object, string>()

function titleOf(kind: NodeKind, data: NodeData): string {
  let title = titles.get(data)
  if (title === undefined) {
    title = nodeDefinition(kind).title(data)
    titles.set(data, title)
  }
  return title
}

export function problemMarker(counts: ProblemCounts | undefined): ProblemMarker {
  if ((counts?.errors ?? 0) > 0) return 'error'
  return (counts?.warnings ?? 0) > 0 ? 'warning' : 'none'
}

/** A node's box in the flow: its measured size, else `estimate` (a node never rendered, as in the overview). */
export function boxOf(node: InternalNode<Node>, estimate: { width: number; height: number } = ESTIMATED_NODE_SIZE): Rect {
  const { x, y } = node.internals.positionAbsolute
  return { x, y, width: node.measured.width ?? estimate.width, height: node.measured.height ?? estimate.height }
}

/**
 * `nodeLookup` is React Flow's (it has every node's measured size, hidden or not), of a canvas whose
 * nodes are the editor's (CanvasNode: their type is their kind); `edges` the canvas store's.
 */
export function overviewScene(nodeLookup: OverviewNodeLookup, edges: readonly CanvasEdge[], problems: ReadonlyMap<string, ProblemCounts>): OverviewScene {
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
      title: titleOf(kind, node.data as NodeData),
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
