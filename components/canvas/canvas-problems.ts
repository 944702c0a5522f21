/**
 * The canvas' problem checks as plain functions (use-problems.ts runs them as the person edits): the
 * schema of each node and edge (a hand-edited field can still break it), then lib/graph's checks of
 * the document, merged with what the server answered a refused save with, and counted per node and edge.
 */
import type { z } from 'zod'
import { CURRENT_SCHEMA_VERSION, GraphEdgeSchema, GraphNodeSchema, type GraphDocument } from '@/lib/graph/document'
import { problemsFromZodIssues, type GraphProblem } from '@/lib/graph/problems'
import { validateDocument, type ServerContext } from '@/lib/graph/validate'

export interface ProblemCounts {
  errors: number
  warnings: number
}

export interface CanvasProblems {
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
  if (result.success) return []
  return problemsFromZodIssues(
    result.error.issues.map((issue) => ({ ...issue, path: [...prefix, ...issue.path] })),
    raw,
  )
}

export function mergeProblems(local: GraphProblem[], server: GraphProblem[]): GraphProblem[] {
  if (server.length === 0) return local
  const seen = new Set(local.map((p) => `${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))
  return [...local, ...server.filter((p) => !seen.has(`${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))]
}

export function summarize(problems: GraphProblem[]): CanvasProblems {
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
