/**
 * The canvas' problem checks as plain functions (use-problems.ts runs them as the person edits): the
 * schema of each node and edge (a hand-edited field can still break it), then lib/graph's checks of
 * the document, merged with what the server answered a refused save with, and counted per node and edge.
 */
import type { z } from 'zod'
import { CURRENT_SCHEMA_VERSION, GraphEdgeSchema, GraphNodeSchema, type GraphDocument, type GraphEdge, type GraphNode } from '@/lib/graph/document'
import { ValidationMemo } from '@/lib/graph/validation-memo'
import { problemsFromZodIssues, type GraphProblem } from '@/lib/graph/problems'
import { validateDocument, type ServerContext } from '@/lib/graph/validate'

export interface ProblemCounts {
  errors: number
  warnings: number
}

/** The problems and their counts per node and edge. */
export interface ProblemSummary {
  problems: GraphProblem[]
  byNode: ReadonlyMap<string, ProblemCounts>
  byEdge: ReadonlyMap<string, ProblemCounts>
  errorCount: number
  warningCount: number
}

/** Node data on the canvas is built by the registry, but a hand-edited field can still break the schema. */
export function validateCanvas(document: GraphDocument, context: ServerContext | undefined): GraphProblem[] {
  const raw = { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: document.nodes, edges: document.edges }
  const schemaProblems = [
    ...document.nodes.flatMap((node, i) => issues(GraphNodeSchema.safeParse(node), ['nodes', i], raw)),
    ...document.edges.flatMap((edge, i) => issues(GraphEdgeSchema.safeParse(edge), ['edges', i], raw)),
  ]
  return [...schemaProblems, ...validateDocument(document, context)]
}

function issues(result: z.ZodSafeParseResult<unknown>, prefix: Array<string | number>, raw: unknown): GraphProblem[] {
  return result.success ? [] : problemsAt(result.error.issues, prefix, raw)
}

function problemsAt(found: readonly z.core.$ZodIssue[], prefix: Array<string | number>, raw: unknown): GraphProblem[] {
  if (found.length === 0) return []
  return problemsFromZodIssues(
    found.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })),
    raw,
  )
}

const NO_ISSUES: readonly z.core.$ZodIssue[] = []

/**
 * Validates successive states of one canvas and answers exactly what validateCanvas answers, re-running the checks
 * of a node (its schema, its kind's checks, the server's facts) only when the node or what its checks read changed:
 * typing in one node's field re-checks that node, not the thousand others. Whole-graph checks (ids, starts,
 * reachability, cycles) run every time; they are linear in the graph.
 */
export class CanvasValidator {
  private readonly nodeChecks = new ValidationMemo()
  private nodeSchemaChecks = new Map<string, { node: GraphNode; issues: readonly z.core.$ZodIssue[] }>()
  private edgeSchemaChecks = new Map<string, { edge: GraphEdge; issues: readonly z.core.$ZodIssue[] }>()

  validate(document: GraphDocument, context: ServerContext | undefined): GraphProblem[] {
    const raw = { schemaVersion: CURRENT_SCHEMA_VERSION, nodes: document.nodes, edges: document.edges }
    const nodeChecks = new Map<string, { node: GraphNode; issues: readonly z.core.$ZodIssue[] }>()
    const edgeChecks = new Map<string, { edge: GraphEdge; issues: readonly z.core.$ZodIssue[] }>()
    const schemaProblems = [
      ...document.nodes.flatMap((node, i) => {
        const last = this.nodeSchemaChecks.get(node.id)
        const check = last && sameSchemaInput(last.node, node) ? last : { node, issues: schemaIssues(GraphNodeSchema.safeParse(node)) }
        nodeChecks.set(node.id, check)
        return problemsAt(check.issues, ['nodes', i], raw)
      }),
      ...document.edges.flatMap((edge, i) => {
        const last = this.edgeSchemaChecks.get(edge.id)
        const check = last && sameEdge(last.edge, edge) ? last : { edge, issues: schemaIssues(GraphEdgeSchema.safeParse(edge)) }
        edgeChecks.set(edge.id, check)
        return problemsAt(check.issues, ['edges', i], raw)
      }),
    ]
    this.nodeSchemaChecks = nodeChecks
    this.edgeSchemaChecks = edgeChecks
    return [...schemaProblems, ...validateDocument(document, context, this.nodeChecks)]
  }
}

function schemaIssues(result: z.ZodSafeParseResult<unknown>): readonly z.core.$ZodIssue[] {
  return result.success ? NO_ISSUES : result.error.issues
}

/** What the node schema reads: a node's data is compared by identity (the canvas never changes one in place). */
function sameSchemaInput(a: GraphNode, b: GraphNode): boolean {
  return a.id === b.id && a.kind === b.kind && a.data === b.data && Object.is(a.position.x, b.position.x) && Object.is(a.position.y, b.position.y)
}

function sameEdge(a: GraphEdge, b: GraphEdge): boolean {
  return (
    a.id === b.id &&
    a.source === b.source &&
    a.target === b.target &&
    a.sourceHandle === b.sourceHandle &&
    a.targetHandle === b.targetHandle &&
    a.condition === b.condition
  )
}

/** Whether two answers list the same problems in the same order (so that what shows them need not change). */
export function sameProblems(a: readonly GraphProblem[], b: readonly GraphProblem[]): boolean {
  return a === b || (a.length === b.length && a.every((problem, i) => sameProblem(problem, b[i]!)))
}

function sameProblem(a: GraphProblem, b: GraphProblem): boolean {
  return (
    a === b ||
    (a.severity === b.severity &&
      a.code === b.code &&
      a.message === b.message &&
      a.nodeId === b.nodeId &&
      a.edgeId === b.edgeId &&
      JSON.stringify(a.path) === JSON.stringify(b.path) &&
      JSON.stringify(a.requirement) === JSON.stringify(b.requirement))
  )
}

export function mergeProblems(local: GraphProblem[], server: GraphProblem[]): GraphProblem[] {
  if (server.length === 0) return local
  const seen = new Set(local.map((p) => `${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))
  return [...local, ...server.filter((p) => !seen.has(`${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))]
}

export function summarize(problems: GraphProblem[]): ProblemSummary {
  const byNode = new Map<string, ProblemCounts>()
  const byEdge = new Map<string, ProblemCounts>()
  const bump = (map: Map<string, ProblemCounts>, id: string | undefined, problem: GraphProblem) => {
    if (!id) return
    const counts = map.get(id) ?? { errors: 0, warnings: 0 }
    if (problem.severity === 'error') counts.errors++
    else counts.warnings++
    map.set(id, counts)
  }
  let errorCount = 0
  for (const problem of problems) {
    if (problem.severity === 'error') errorCount++
    bump(byNode, problem.nodeId, problem)
    bump(byEdge, problem.edgeId, problem)
  }
  return { problems, byNode, byEdge, errorCount, warningCount: problems.length - errorCount }
}
