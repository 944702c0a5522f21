/**
 * What the previous validation of a document being edited answered, so that validating it again after one edit
 * re-runs only what the edit can have changed (the canvas validates on every keystroke; at 1,000 nodes checking
 * everything again took several frames).
 *
 * - The whole-graph checks (ids, edge ends, start and output, reachability, which loops have no exit) read only the
 *   nodes' ids and kinds and the edges: their answer is reused while those are the same, in the same order.
 * - Each node's own checks (its kind's validate, the server's facts) are reused while everything they read is the
 *   same: the node's kind and its data object, and for a kind's checks the node's edges (field by field) and the kinds
 *   of the nodes it asked about; for the facts, the facts object and the workflow id.
 *
 * Data objects are compared by identity, which is exact for documents that are never changed in place (the canvas
 * makes a new data object for every edit). A memo belongs to one document being edited; the server validates
 * without one.
 */
import type { GraphDocument, GraphEdge, GraphNode } from './document'
import type { Adjacency } from './graph-analysis'
import type { NodeEdge, NodeKind, NodeSurroundings } from './node-kinds/definition'
import type { GraphProblem } from './problems'

interface KindCheck {
  kind: NodeKind
  data: unknown
  incoming: readonly NodeEdge[]
  outgoing: readonly NodeEdge[]
  /** The kinds the check asked for (kindOf), by node id, as they were answered. */
  kindsAsked: ReadonlyMap<string, NodeKind | undefined>
  problems: GraphProblem[]
}

interface FactCheck {
  kind: NodeKind
  data: unknown
  /** The server's facts (server-facts.ts), compared by identity. */
  facts: unknown
  workflowId: string | undefined
  problems: GraphProblem[]
}

/** The answers of the checks that read only the graph's structure (validate.ts). */
export interface StructuralChecks {
  adjacency: Adjacency
  /** Duplicate ids, edge ends, start and output, reachability: in that order. */
  problems: GraphProblem[]
  /** The loops without a way out, as node ids (their messages name the nodes by title, which is data). */
  cyclesWithoutExit: string[][]
}

/** Each node table is rebuilt on every validation from the nodes it saw, so deleted nodes are forgotten. */
export class ValidationMemo {
  private lastStructure: { document: GraphDocument; checks: StructuralChecks } | undefined
  private kindChecks = new Map<string, KindCheck>()
  private nextKindChecks = new Map<string, KindCheck>()
  private factChecks = new Map<string, FactCheck>()
  private nextFactChecks = new Map<string, FactCheck>()

  /** The whole-graph checks: the last answer while the nodes' ids and kinds and the edges are the same. */
  structure(document: GraphDocument, check: () => StructuralChecks): StructuralChecks {
    const last = this.lastStructure
    if (last && sameStructure(last.document, document)) return last.checks
    this.lastStructure = { document, checks: check() }
    return this.lastStructure.checks
  }

  /** A kind's own checks of `node` (its definition's validate). */
  kindCheck(node: GraphNode, around: NodeSurroundings, check: (around: NodeSurroundings) => GraphProblem[]): GraphProblem[] {
    const last = this.kindChecks.get(node.id)
    if (
      last &&
      last.kind === node.kind &&
      last.data === node.data &&
      sameEdges(last.incoming, around.incoming) &&
      sameEdges(last.outgoing, around.outgoing) &&
      [...last.kindsAsked].every(([id, kind]) => around.kindOf(id) === kind)
    ) {
      this.nextKindChecks.set(node.id, last)
      return last.problems
    }
    const kindsAsked = new Map<string, NodeKind | undefined>()
    const recording: NodeSurroundings = {
      incoming: around.incoming,
      outgoing: around.outgoing,
      kindOf: (id) => {
        const kind = around.kindOf(id)
        kindsAsked.set(id, kind)
        return kind
      },
    }
    const problems = check(recording)
    this.nextKindChecks.set(node.id, { kind: node.kind, data: node.data, incoming: around.incoming, outgoing: around.outgoing, kindsAsked, problems })
    return problems
  }

  /** The problems only the server's facts show in `node` (serverFactProblems, node by node). */
  factCheck(node: GraphNode, facts: unknown, workflowId: string | undefined, check: () => GraphProblem[]): GraphProblem[] {
    const last = this.factChecks.get(node.id)
    const reused = last && last.kind === node.kind && last.data === node.data && last.facts === facts && last.workflowId === workflowId
    const entry = reused ? last : { kind: node.kind, data: node.data, facts, workflowId, problems: check() }
    this.nextFactChecks.set(node.id, entry)
    return entry.problems
  }

  /** Ends one validation: the answers it did not ask for (deleted nodes, or facts not checked) are forgotten. */
  endValidation(): void {
    this.kindChecks = this.nextKindChecks
    this.nextKindChecks = new Map()
    this.factChecks = this.nextFactChecks
    this.nextFactChecks = new Map()
  }
}

function sameStructure(a: GraphDocument, b: GraphDocument): boolean {
  return (
    a.nodes.length === b.nodes.length &&
    a.edges.length === b.edges.length &&
    a.nodes.every((node, i) => node.id === b.nodes[i]!.id && node.kind === b.nodes[i]!.kind) &&
    a.edges.every((edge, i) => sameEdge(edge, b.edges[i]!))
  )
}

function sameEdges(a: readonly NodeEdge[], b: readonly NodeEdge[]): boolean {
  return a.length === b.length && a.every((edge, i) => sameEdge(edge, b[i]!))
}

/** Every field of a document edge (NodeEdge names those a kind's checks may read; targetHandle is compared too). */
function sameEdge(a: NodeEdge & Pick<GraphEdge, 'targetHandle'>, b: NodeEdge & Pick<GraphEdge, 'targetHandle'>): boolean {
  return (
    a === b ||
    (a.id === b.id &&
      a.source === b.source &&
      a.target === b.target &&
      a.sourceHandle === b.sourceHandle &&
      a.targetHandle === b.targetHandle &&
      a.condition === b.condition)
  )
}
