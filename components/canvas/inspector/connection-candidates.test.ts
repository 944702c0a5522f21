import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { gridGraph } from '@/e2e/fixtures/graphs'
import { parseGraphDocument } from '@/lib/graph/migrate'
import { documentToCanvas, type CanvasEdge, type CanvasNode } from '../adapter'
import { isConnectionAllowed } from '../store'
import { connectionCandidates } from './connection-candidates'

/** What the list offered before: every node isConnectionAllowed allows, asked one by one. */
function askedOneByOne(nodes: CanvasNode[], edges: CanvasEdge[], source: string, sourceHandle: string | null): CanvasNode[] {
  return nodes.filter((candidate) => isConnectionAllowed({ nodes, edges }, { source, target: candidate.id, sourceHandle, targetHandle: null }))
}

function canvasOf(raw: unknown) {
  const parsed = parseGraphDocument(raw)
  if (!parsed.ok) throw new Error(parsed.problems[0]?.message)
  return documentToCanvas(parsed.document)
}

describe('connectionCandidates', () => {
  it('offers what isConnectionAllowed allows, from every node and handle of a graph', () => {
    const { nodes, edges } = canvasOf(gridGraph(60))
    // A few edges with handles and a duplicate, so that handles and existing connections count.
    const extra: CanvasEdge[] = [
      { id: 'h1', source: 'n1', target: 'n7', sourceHandle: 'case-1', targetHandle: null },
      { id: 'h2', source: 'n1', target: 'n8', sourceHandle: null, targetHandle: 'in' },
      { id: 'h3', source: 'n1', target: 'n1', sourceHandle: null, targetHandle: null },
    ]
    const all = [...edges, ...extra]
    for (const source of [...nodes.map((node) => node.id), 'missing']) {
      for (const handle of [null, 'case-1']) {
        expect(connectionCandidates(nodes, all, source, handle).map((node) => node.id)).toEqual(
          askedOneByOne(nodes, all, source, handle).map((node) => node.id),
        )
      }
    }
  })

  it('offers nothing from an output node, and never the start', () => {
    const { nodes, edges } = canvasOf(exampleWorkflowDocument())
    expect(connectionCandidates(nodes, edges, 'output', null)).toEqual([])
    expect(connectionCandidates(nodes, edges, 'researcher', null).map((node) => node.id)).not.toContain('start')
  })
})
