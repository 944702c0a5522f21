/**
 * The nodes the inspector's "Connect to…" list offers for a new edge from one node's output: those
 * isConnectionAllowed allows, found in one pass over the nodes and edges (asking it once per node
 * searched the whole graph each time: a million steps at 1,000 nodes, on every keystroke in the inspector).
 */
import type { CanvasEdge, CanvasNode } from '../adapter'

export function connectionCandidates(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[], sourceId: string, sourceHandle: string | null): CanvasNode[] {
  // As isConnectionAllowed looks a node up: the first with the id.
  const typeById = new Map<string, CanvasNode['type']>()
  for (const node of nodes) if (!typeById.has(node.id)) typeById.set(node.id, node.type)
  if (!typeById.has(sourceId) || typeById.get(sourceId) === 'output') return []
  const connected = new Set<string>()
  for (const edge of edges) {
    if (edge.source === sourceId && (edge.sourceHandle ?? null) === (sourceHandle ?? null) && (edge.targetHandle ?? null) === null) connected.add(edge.target)
  }
  return nodes.filter((candidate) => typeById.get(candidate.id) !== 'start' && !connected.has(candidate.id))
}
