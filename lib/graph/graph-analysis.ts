/**
 * Pure graph algorithms over a document's nodes and edges: adjacency, reachability from the
 * start, and strongly connected components (for cycles). Edges whose ends do not exist are
 * ignored here; validate() reports them separately.
 */
import type { GraphDocument, GraphEdge, GraphNode } from './document'
import { hasOutput } from './handles'

export interface Adjacency {
  outgoing: Map<string, GraphEdge[]>
  incoming: Map<string, GraphEdge[]>
}

export function buildAdjacency(document: Pick<GraphDocument, 'nodes' | 'edges'>): Adjacency {
  const outgoing = new Map<string, GraphEdge[]>()
  const incoming = new Map<string, GraphEdge[]>()
  for (const node of document.nodes) {
    outgoing.set(node.id, [])
    incoming.set(node.id, [])
  }
  for (const edge of document.edges) {
    const from = outgoing.get(edge.source)
    const to = incoming.get(edge.target)
    if (!from || !to) continue
    from.push(edge)
    to.push(edge)
  }
  return { outgoing, incoming }
}

/** Ids of the nodes reachable from `rootIds` (the roots included) following edge direction. */
export function reachableFrom(rootIds: Iterable<string>, adjacency: Adjacency): Set<string> {
  const seen = new Set<string>()
  const stack = [...rootIds].filter((id) => adjacency.outgoing.has(id))
  while (stack.length > 0) {
    const id = stack.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    for (const edge of adjacency.outgoing.get(id) ?? []) if (!seen.has(edge.target)) stack.push(edge.target)
  }
  return seen
}

/**
 * Strongly connected components that form cycles: components of two or more nodes, or a single
 * node with an edge to itself. Iterative Tarjan, so large documents cannot overflow the stack.
 */
export function findCycles(nodeIds: readonly string[], adjacency: Adjacency): string[][] {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const cycles: string[][] = []
  let counter = 0

  for (const root of nodeIds) {
    if (index.has(root)) continue
    const work: Array<{ id: string; next: number }> = [{ id: root, next: 0 }]
    index.set(root, counter)
    lowLink.set(root, counter++)
    stack.push(root)
    onStack.add(root)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      const edges = adjacency.outgoing.get(frame.id) ?? []
      if (frame.next < edges.length) {
        const target = edges[frame.next++]!.target
        if (!index.has(target)) {
          index.set(target, counter)
          lowLink.set(target, counter++)
          stack.push(target)
          onStack.add(target)
          work.push({ id: target, next: 0 })
        } else if (onStack.has(target)) {
          lowLink.set(frame.id, Math.min(lowLink.get(frame.id)!, index.get(target)!))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) lowLink.set(parent.id, Math.min(lowLink.get(parent.id)!, lowLink.get(frame.id)!))
      if (lowLink.get(frame.id) !== index.get(frame.id)) continue
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== frame.id)
      const selfLoop = component.length === 1 && edges.some((edge) => edge.target === frame.id)
      if (component.length > 1 || selfLoop) cycles.push(component.reverse())
    }
  }
  return cycles
}

/** Edges out of a node without outputs (the output node) never carry a message, so they do not count for reachability. */
export function isRunnableEdge(edge: GraphEdge, nodes: ReadonlyMap<string, GraphNode>): boolean {
  const source = nodes.get(edge.source)
  return source !== undefined && hasOutput(source.kind)
}
