'use client'

import { useMemo, useRef } from 'react'
import { useAfterFirstPaint } from './use-after-first-paint'
import type { z } from 'zod'
import type { GraphProblem } from '@/lib/graph/problems'
import { validateDocument, type ServerContext } from '@/lib/graph/validate'
import { useServerFactsQuery } from '@/components/queries/server-facts'
import { GraphNodeSchema, GraphEdgeSchema, CURRENT_SCHEMA_VERSION, type GraphDocument } from '@/lib/graph/document'
import { problemsFromZodIssues } from '@/lib/graph/problems'
import { canvasToDocument, type CanvasEdge, type CanvasNode } from './adapter'
import { useCanvasStore } from './CanvasStoreProvider'

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
  /** False until the first check has run (it waits for the first paint): no problems are known yet. */
  checked: boolean
}

const NO_PROBLEMS: GraphProblem[] = []

/**
 * Validates the canvas as the person edits. Moving nodes does not change validity, so the result
 * is reused while node data, ids and edges stay the same (drags stay cheap). The first check waits
 * until the canvas has painted and the browser is idle: at 1,000 nodes it takes a few hundred
 * milliseconds that the editor's first frame does not need (the problems appear just after it).
 */
export function useCanvasProblems(): CanvasProblems {
  const { nodes, edges, serverProblems, workflowId } = useCanvasStore((s) => ({
    nodes: s.nodes,
    edges: s.edges,
    serverProblems: s.serverProblems,
    workflowId: s.workflowId,
  }))
  // Until the server's facts arrive, only the document is checked (no false alarms while loading).
  const factsQuery = useServerFactsQuery()
  const facts = factsQuery.data
  const cache = useRef<{ key: unknown[]; problems: GraphProblem[] } | null>(null)
  // The first check also waits (a little) for the facts, which arrive about when the canvas paints: checking before
  // them would check a large graph twice as the editor opens.
  const painted = useAfterFirstPaint(facts !== undefined || factsQuery.failureCount > 0)

  const key = [facts, workflowId, ...structuralKey(nodes, edges)]
  let local: GraphProblem[]
  if (!painted) {
    local = NO_PROBLEMS
  } else if (cache.current && sameKey(cache.current.key, key)) {
    local = cache.current.problems
  } else {
    local = validateCanvas(canvasToDocument(nodes, edges), facts && { facts, workflowId: workflowId || undefined })
    cache.current = { key, problems: local }
  }

  return useMemo(() => ({ ...summarize(mergeProblems(local, serverProblems)), checked: painted }), [local, serverProblems, painted])
}

function structuralKey(nodes: readonly CanvasNode[], edges: readonly CanvasEdge[]): unknown[] {
  const key: unknown[] = [edges.length, nodes.length]
  for (const node of nodes) key.push(node.id, node.type, node.data)
  for (const edge of edges) key.push(edge.id, edge.source, edge.target, edge.sourceHandle, edge.data)
  return key
}

function sameKey(a: unknown[], b: unknown[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** Node data on the canvas is built by the registry, but a hand-edited field can still break the schema. */
function validateCanvas(document: GraphDocument, context: ServerContext | undefined): GraphProblem[] {
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

function mergeProblems(local: GraphProblem[], server: GraphProblem[]): GraphProblem[] {
  if (server.length === 0) return local
  const seen = new Set(local.map((p) => `${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))
  return [...local, ...server.filter((p) => !seen.has(`${p.code}|${p.nodeId ?? ''}|${p.edgeId ?? ''}|${p.message}`))]
}

function summarize(problems: GraphProblem[]): Omit<CanvasProblems, 'checked'> {
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
