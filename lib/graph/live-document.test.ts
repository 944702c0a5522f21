import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { starterDocument, type GraphDocument, type GraphNode } from './document'
import { isLiveDocumentSeeded, readLiveDocument, seedLiveDocument, writeGraphChange } from './live-document'

function agentNode(id: string, instructions = ''): GraphNode {
  return { id, kind: 'transform', position: { x: 10, y: 20 }, data: { expression: instructions } } as unknown as GraphNode
}

function sorted(graph: GraphDocument): GraphDocument {
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  return { ...graph, nodes: [...graph.nodes].sort(byId), edges: [...graph.edges].sort(byId) }
}

/** Two replicas that exchange every update at once, as a provider would. */
function connectedPair(): [Y.Doc, Y.Doc] {
  const a = new Y.Doc()
  const b = new Y.Doc()
  a.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(b, update, 'remote'))
  b.on('update', (update: Uint8Array, origin: unknown) => origin !== 'remote' && Y.applyUpdate(a, update, 'remote'))
  return [a, b]
}

describe('live document', () => {
  it('seeds once and reads back the same graph', () => {
    const doc = new Y.Doc()
    expect(isLiveDocumentSeeded(doc)).toBe(false)
    const graph = starterDocument()
    seedLiveDocument(doc, graph)
    expect(isLiveDocumentSeeded(doc)).toBe(true)
    expect(readLiveDocument(doc)).toEqual(sorted(graph))
  })

  it('writes only what changed, in one transaction with the given origin', () => {
    const doc = new Y.Doc()
    const before = starterDocument()
    seedLiveDocument(doc, before)
    const origins: unknown[] = []
    doc.on('afterTransaction', (transaction: Y.Transaction) => origins.push(transaction.origin))
    const after: GraphDocument = {
      ...before,
      nodes: [...before.nodes.map((node) => (node.id === 'start' ? { ...node, position: { x: 5, y: 0 } } : node)), agentNode('t-1')],
      edges: [...before.edges, { id: 'e', source: 'start', target: 't-1', condition: 'true' }],
    }
    writeGraphChange(doc, before, after, 'me')
    expect(origins).toEqual(['me'])
    expect(readLiveDocument(doc)).toEqual(sorted(after))
    const removed: GraphDocument = { ...after, nodes: after.nodes.filter((node) => node.id !== 't-1'), edges: before.edges }
    writeGraphChange(doc, after, removed, 'me')
    expect(readLiveDocument(doc)).toEqual(sorted(removed))
  })

  it('merges a move and a rename of the same node, and edits of different fields', () => {
    const [a, b] = connectedPair()
    const base: GraphDocument = { ...starterDocument(), nodes: [...starterDocument().nodes, agentNode('t-1', 'x')] }
    seedLiveDocument(a, base)
    // Both replicas change the same node from the same state, without seeing each other first.
    const moved = { ...base, nodes: base.nodes.map((n) => (n.id === 't-1' ? { ...n, position: { x: 99, y: 20 } } : n)) }
    const renamed = { ...base, nodes: base.nodes.map((n) => (n.id === 't-1' ? ({ ...n, data: { expression: 'y' } } as GraphNode) : n)) }
    a.transact(() => writeGraphChange(a, base, moved))
    writeGraphChange(b, base, renamed)
    const node = readLiveDocument(a).nodes.find((n) => n.id === 't-1')
    expect(node).toEqual({ id: 't-1', kind: 'transform', position: { x: 99, y: 20 }, data: { expression: 'y' } })
    expect(readLiveDocument(a)).toEqual(readLiveDocument(b))
  })

  it('deletes a data field that went', () => {
    const doc = new Y.Doc()
    const before: GraphDocument = {
      ...starterDocument(),
      nodes: [{ id: 's', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: 'a' } }] as GraphNode[],
      edges: [],
    }
    seedLiveDocument(doc, before)
    const after: GraphDocument = { ...before, nodes: [{ id: 's', kind: 'start', position: { x: 0, y: 0 }, data: {} }] as unknown as GraphNode[] }
    writeGraphChange(doc, before, after)
    expect(readLiveDocument(doc).nodes[0]!.data).toEqual({})
  })
})
