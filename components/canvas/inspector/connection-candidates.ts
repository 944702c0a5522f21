/** The nodes the inspector's "Connect to…" list offers for a new edge from one node's output. */
import type { CanvasEdge, CanvasNode } from '../adapter'
import { isConnectionAllowed } from '../store'

export function connectionCandidates(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[], sourceId: string, sourceHandle: string | null): CanvasNode[] {
  const graph = { nodes: nodes as CanvasNode[], edges: edges as CanvasEdge[] }
  return nodes.filter((candidate) => isConnectionAllowed(graph, { source: sourceId, target: candidate.id, sourceHandle, targetHandle: null }))
}
