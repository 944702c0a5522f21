/**
 * The run graph as the canvas overview draws it (components/canvas/overview/): each node's box from
 * React Flow (its measured size, else a card's), its title, and its paint by run status; each edge
 * green once its source is done, as on the cards' graph.
 */
import type { InternalNode, Node } from '@xyflow/react'
import type { Rect } from '@/components/canvas/overview/overview-geometry'
import { boxOf, type AnyOverviewScene, type OverviewNodeLookup, type PaintedSceneNode, type SceneEdge } from '@/components/canvas/overview/overview-scene'
import { RUN_EDGE_DONE, RUN_EDGE_PENDING, runNodePaint } from './run-node-paint'
import type { NodeRunStatus } from './run-state'
import { RUN_NODE_SIZE } from './RunNodeCard'
import type { RunGraph } from '@/lib/contracts/runs'

function titleOf(node: InternalNode<Node>): string {
  const label = (node.data as { label?: unknown }).label
  return typeof label === 'string' ? label : node.id
}

export function runOverviewScene(
  nodeLookup: OverviewNodeLookup,
  edges: RunGraph['edges'],
  statuses: Readonly<Record<string, NodeRunStatus>>,
): AnyOverviewScene {
  const nodes: PaintedSceneNode[] = []
  const boxes = new Map<string, Rect>()
  for (const node of nodeLookup.values()) {
    const box = boxOf(node, RUN_NODE_SIZE)
    boxes.set(node.id, box)
    nodes.push({ id: node.id, box, title: titleOf(node), paint: runNodePaint(statuses[node.id]) })
  }
  const lines: SceneEdge[] = []
  for (const edge of edges) {
    const [source, target] = [boxes.get(edge.source), boxes.get(edge.target)]
    if (!source || !target) continue
    lines.push({ source, target, dashed: false, selected: false, colour: statuses[edge.source] === 'done' ? RUN_EDGE_DONE : RUN_EDGE_PENDING })
  }
  return { nodes, edges: lines }
}
