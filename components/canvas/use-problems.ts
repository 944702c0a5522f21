'use client'

import { useMemo, useRef, useState } from 'react'
import type { GraphProblem } from '@/lib/graph/problems'
import { useServerFactsQuery } from '@/components/queries/server-facts'
import { useWorkflowSettingsQuery } from '@/components/queries/workflows'
import { DEFAULT_MAX_SUPERSTEPS, superstepBudgetProblems } from '@/lib/graph/superstep-budget'
import { canvasToDocument, type CanvasEdge, type CanvasNode } from './adapter'
import { CanvasValidator, mergeProblems, sameProblems, summarize, type ProblemSummary } from './canvas-problems'
import { useAfterFirstPaint } from './use-after-first-paint'
import { useCanvasStore } from './CanvasStoreProvider'
import { useEditorAccess } from './EditorWorkspaceProvider'

export type { ProblemCounts } from './canvas-problems'

export interface CanvasProblems extends ProblemSummary {
  /** False until the first check has run (it waits for the first paint): no problems are known yet. */
  checked: boolean
}

const NO_PROBLEMS: GraphProblem[] = []

/**
 * Validates the canvas as the person edits. Moving nodes does not change validity, so the result
 * is reused while node data, ids and edges stay the same (drags stay cheap); an edit re-checks only
 * the nodes it touched (CanvasValidator), and an answer equal to the last one is the last one, so that
 * typing that changes no problem re-renders nothing that shows them. The first check waits until the
 * canvas has painted and the browser is idle: at 1,000 nodes it takes a few hundred milliseconds that
 * the editor's first frame does not need (the problems appear just after it).
 */
export function useCanvasProblems(): CanvasProblems {
  const { nodes, edges, serverProblems, workflowId } = useCanvasStore((s) => ({
    nodes: s.nodes,
    edges: s.edges,
    serverProblems: s.serverProblems,
    workflowId: s.workflowId,
  }))
  // Until the server's facts arrive, only the document is checked (no false alarms while loading).
  // The workflow's own workspace's: what its runs may use, whichever workspace the header has chosen.
  const factsQuery = useServerFactsQuery(useEditorAccess().workspaceId ?? undefined)
  const facts = factsQuery.data
  // The workflow's Max steps (a new, unsaved workflow has the default): the longest path is checked against it.
  const openedSettings = useCanvasStore((s) => s.openedSettings)
  const maxSupersteps = useWorkflowSettingsQuery(workflowId, openedSettings).data?.maxSupersteps ?? DEFAULT_MAX_SUPERSTEPS
  const cache = useRef<{ key: unknown[]; problems: GraphProblem[] } | null>(null)
  const [validator] = useState(() => new CanvasValidator())
  // The first check also waits (a little) for the facts, which arrive about when the canvas paints: checking before
  // them would check a large graph twice as the editor opens.
  const painted = useAfterFirstPaint(facts !== undefined || factsQuery.failureCount > 0)

  const key = [facts, workflowId, maxSupersteps, ...structuralKey(nodes, edges)]
  let local: GraphProblem[]
  if (!painted) {
    local = NO_PROBLEMS
  } else if (cache.current && sameKey(cache.current.key, key)) {
    local = cache.current.problems
  } else {
    const document = canvasToDocument(nodes, edges)
    const problems = [
      ...validator.validate(document, facts && { facts, workflowId: workflowId || undefined }),
      ...superstepBudgetProblems(document, maxSupersteps),
    ]
    local = cache.current && sameProblems(cache.current.problems, problems) ? cache.current.problems : problems
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
