/**
 * validate(raw) answers "can this document be saved and run, and what should the person fix?"
 * Errors block saving and compiling; warnings are advice. The schema is checked first (a document
 * that does not parse gets only schema problems), then structure, then each node.
 */
import type { GraphDocument } from './document'
import { buildAdjacency, findCycles, reachableFrom, type Adjacency } from './graph-analysis'
import { hasInput, hasOutput } from './handles'
import { parseGraphDocument } from './migrate'
import type { StructuralChecks, ValidationMemo } from './validation-memo'
import { error, hasErrors, warning, type GraphProblem, type ValidationResult } from './problems'
import { serverFactProblems, type ServerFacts } from './server-facts'
import { validateNodes } from './validate-nodes'

export interface DocumentValidationResult extends ValidationResult {
  /** The parsed (and upgraded) document, when the schema accepted it. */
  document?: GraphDocument
}

/** What the server states about itself, and which workflow the document is; without it only the document is checked. */
export interface ServerContext {
  facts: ServerFacts
  workflowId?: string
}

export function validate(raw: unknown, context?: ServerContext): DocumentValidationResult {
  const parsed = parseGraphDocument(raw)
  if (!parsed.ok) return { ok: false, problems: parsed.problems }
  const problems = validateDocument(parsed.document, context)
  return { ok: !hasErrors(problems), problems, document: parsed.document }
}

/**
 * The checks that need a parsed document; exported for callers that already hold one. `memo` (an editor's, kept
 * between validations of the document it edits) re-runs only the checks an edit can have changed.
 */
export function validateDocument(document: GraphDocument, context?: ServerContext, memo?: ValidationMemo): GraphProblem[] {
  const structure = memo ? memo.structure(document, () => structuralChecks(document)) : structuralChecks(document)
  const problems = [
    ...structure.problems,
    ...cycleProblems(document, structure.cyclesWithoutExit),
    ...validateNodes(document, structure.adjacency, memo),
    ...(context ? serverFactProblems(document, context.facts, context.workflowId, memo) : []),
  ]
  memo?.endValidation()
  return problems
}

/** The checks that read only the nodes' ids and kinds and the edges. */
function structuralChecks(document: GraphDocument): StructuralChecks {
  const idProblems = duplicateIdProblems(document)
  const edgeProblems = edgeEndProblems(document)
  const adjacency = buildAdjacency(document)
  return {
    adjacency,
    problems: [...idProblems, ...edgeProblems, ...startAndOutputProblems(document, adjacency), ...reachabilityProblems(document, adjacency)],
    cyclesWithoutExit: cyclesWithoutExit(document, adjacency),
  }
}

function duplicateIdProblems(document: GraphDocument): GraphProblem[] {
  const problems: GraphProblem[] = []
  const nodeIds = new Set<string>()
  for (const node of document.nodes) {
    if (nodeIds.has(node.id)) problems.push(error('duplicate_id', `Two nodes share the id "${node.id}".`, { nodeId: node.id }))
    nodeIds.add(node.id)
  }
  const edgeIds = new Set<string>()
  const connections = new Set<string>()
  for (const edge of document.edges) {
    if (edgeIds.has(edge.id)) problems.push(error('duplicate_id', `Two edges share the id "${edge.id}".`, { edgeId: edge.id }))
    edgeIds.add(edge.id)
    // The engine runs one edge per source/target pair; a condition's cases are told apart by handle.
    const connection = JSON.stringify([edge.source, edge.sourceHandle ?? null, edge.target])
    if (connections.has(connection)) {
      problems.push(error('duplicate_edge', `Two edges connect "${edge.source}" to "${edge.target}".`, { edgeId: edge.id }))
    }
    connections.add(connection)
  }
  return problems
}

function edgeEndProblems(document: GraphDocument): GraphProblem[] {
  const nodes = new Map(document.nodes.map((node) => [node.id, node]))
  const problems: GraphProblem[] = []
  for (const edge of document.edges) {
    const source = nodes.get(edge.source)
    const target = nodes.get(edge.target)
    for (const [end, id, node] of [
      ['source', edge.source, source],
      ['target', edge.target, target],
    ] as const) {
      if (!node) problems.push(error('dangling_edge', `Edge ${end} "${id}" is not a node of this workflow.`, { edgeId: edge.id }))
    }
    // Only the start has no input and only the output no output (their kinds' definitions say so).
    // A kind with named outputs checks in its own validate() that each edge leaving it names one.
    if (target && !hasInput(target.kind)) {
      problems.push(error('start_has_incoming', 'The start node cannot have incoming edges.', { edgeId: edge.id, nodeId: target.id }))
    }
    if (source && !hasOutput(source.kind)) {
      problems.push(warning('output_has_outgoing', 'Edges leaving an output node never carry a message.', { edgeId: edge.id, nodeId: source.id }))
    }
  }
  return problems
}

function startAndOutputProblems(document: GraphDocument, adjacency: Adjacency): GraphProblem[] {
  const starts = document.nodes.filter((node) => node.kind === 'start')
  const outputs = document.nodes.filter((node) => node.kind === 'output')
  const problems: GraphProblem[] = []
  if (starts.length === 0) problems.push(error('missing_start', 'The workflow has no start node.'))
  for (const extra of starts.slice(1)) {
    problems.push(error('multiple_starts', 'The workflow has more than one start node.', { nodeId: extra.id }))
  }
  if (outputs.length === 0) problems.push(error('missing_output', 'The workflow has no output node.'))
  const start = starts[0]
  if (start && (adjacency.outgoing.get(start.id)?.length ?? 0) === 0) {
    problems.push(error('dead_end', 'The start node is not connected to anything.', { nodeId: start.id }))
  }
  return problems
}

function reachabilityProblems(document: GraphDocument, adjacency: Adjacency): GraphProblem[] {
  const start = document.nodes.find((node) => node.kind === 'start')
  if (!start) return []
  const reachable = reachableFrom([start.id], adjacency)
  const problems: GraphProblem[] = []
  for (const node of document.nodes) {
    if (!reachable.has(node.id)) {
      if (node.kind === 'start') continue // a second start is reported as multiple_starts
      problems.push(warning('unreachable_node', 'No path from the start reaches this node; it never runs.', { nodeId: node.id }))
    } else if (hasOutput(node.kind) && node.kind !== 'start' && (adjacency.outgoing.get(node.id)?.length ?? 0) === 0) {
      problems.push(warning('dead_end', 'Nothing follows this node; its result is discarded.', { nodeId: node.id }))
    }
  }
  return problems
}

/**
 * A loop ends only when some edge inside it can be left untaken: an edge with a condition, or one
 * leaving a condition node (which takes one case). Without one, every message goes round again
 * until the iteration limit stops the run (a Transform wired to itself printed 99 outputs).
 */
function cyclesWithoutExit(document: GraphDocument, adjacency: Adjacency): string[][] {
  const kinds = new Map(document.nodes.map((node) => [node.id, node.kind]))
  const cycles = findCycles(
    document.nodes.map((node) => node.id),
    adjacency,
  )
  return cycles.filter((cycle) => !cycleCanEnd(cycle, adjacency, kinds))
}

function cycleProblems(document: GraphDocument, cycles: readonly string[][]): GraphProblem[] {
  return cycles.map((cycle) => {
    const names = cycle.map((id) => nodeTitle(document, id))
    const what = cycle.length === 1 ? `${names[0]} feeds itself` : `These nodes loop: ${names.join(' → ')} → ${names[0]}`
    return error(
      'cycle_without_exit',
      `${what} with no way out: no edge of the loop has a condition, so it runs until the iteration limit stops the run. Add a condition, or remove an edge.`,
      { nodeId: cycle[0] },
    )
  })
}

function cycleCanEnd(cycle: readonly string[], adjacency: Adjacency, kinds: ReadonlyMap<string, string>): boolean {
  const members = new Set(cycle)
  return cycle.some((id) =>
    (adjacency.outgoing.get(id) ?? []).some((edge) => members.has(edge.target) && (edge.condition !== undefined || kinds.get(id) === 'condition')),
  )
}

function nodeTitle(document: GraphDocument, id: string): string {
  const node = document.nodes.find((candidate) => candidate.id === id)
  const data = node?.data as { label?: string; name?: string } | undefined
  return data?.label || data?.name || id
}
