/**
 * How many supersteps a run of the document may need, against the most its workflow allows (the
 * "Max steps" workflow setting, which the runtime gives the engine). Each node along a path runs in a
 * superstep of its own after the start's, so a path of k nodes needs k − 1 of them; a loop is counted
 * once around (it may go round more often: the figure is what the run needs at least on that path).
 */
import type { GraphDocument, GraphNode } from './document'
import { buildAdjacency, findCycles, isRunnableEdge, reachableFrom } from './graph-analysis'
import { warning, type GraphProblem } from './problems'

/** The engine's default (lib/core's WorkflowBuilder), kept for workflows that set nothing. */
export const DEFAULT_MAX_SUPERSTEPS = 100
/** The most a workflow may allow: enough for the largest graphs the editor handles, and a bound on a runaway loop. */
export const MAX_SUPERSTEPS_LIMIT = 10_000

/** The supersteps the longest path from the start needs (0 without a start). */
export function longestPathSupersteps(document: Pick<GraphDocument, 'nodes' | 'edges'>): number {
  const start = document.nodes.find((node) => node.kind === 'start')
  if (!start) return 0
  const nodesById = new Map<string, GraphNode>(document.nodes.map((node) => [node.id, node]))
  const runnable = { nodes: document.nodes, edges: document.edges.filter((edge) => isRunnableEdge(edge, nodesById)) }
  const adjacency = buildAdjacency(runnable)
  const reachable = reachableFrom([start.id], adjacency)
  // Each loop becomes one component weighing its node count; every other node is a component of one.
  const componentOf = new Map<string, string>()
  const weight = new Map<string, number>()
  for (const id of reachable) {
    componentOf.set(id, id)
    weight.set(id, 1)
  }
  for (const cycle of findCycles([...reachable], adjacency)) {
    for (const id of cycle) componentOf.set(id, cycle[0]!)
    for (const id of cycle.slice(1)) weight.delete(id)
    weight.set(cycle[0]!, cycle.length)
  }
  const successors = new Map<string, Set<string>>([...weight.keys()].map((component) => [component, new Set<string>()]))
  const incoming = new Map<string, number>([...weight.keys()].map((component) => [component, 0]))
  for (const edge of runnable.edges) {
    const from = componentOf.get(edge.source)
    const to = componentOf.get(edge.target)
    if (from === undefined || to === undefined || from === to || successors.get(from)!.has(to)) continue
    successors.get(from)!.add(to)
    incoming.set(to, incoming.get(to)! + 1)
  }
  // Longest path in the acyclic graph of components, in topological order (Kahn).
  const longest = new Map<string, number>([[componentOf.get(start.id)!, weight.get(componentOf.get(start.id)!)!]])
  const ready = [...incoming].filter(([, count]) => count === 0).map(([component]) => component)
  let most = 0
  while (ready.length > 0) {
    const component = ready.pop()!
    const here = longest.get(component) ?? 0
    most = Math.max(most, here)
    for (const next of successors.get(component)!) {
      if (here > 0) longest.set(next, Math.max(longest.get(next) ?? 0, here + weight.get(next)!))
      incoming.set(next, incoming.get(next)! - 1)
      if (incoming.get(next) === 0) ready.push(next)
    }
  }
  return Math.max(0, most - 1)
}

/** A warning when the longest path needs more supersteps than the workflow allows (`maxSupersteps`). */
export function superstepBudgetProblems(document: Pick<GraphDocument, 'nodes' | 'edges'>, maxSupersteps: number): GraphProblem[] {
  const needed = longestPathSupersteps(document)
  if (needed <= maxSupersteps) return []
  return [warning('too_many_steps', tooManyStepsMessage(needed, maxSupersteps))]
}

export function tooManyStepsMessage(needed: number, maxSupersteps: number): string {
  return `This workflow needs up to ${needed} steps but may take at most ${maxSupersteps}; raise Max steps in Settings.`
}
