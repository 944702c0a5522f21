import { describe, expect, it } from 'vitest'
import type { GraphDocument } from './document'
import { singleNodeDocument } from './single-node-document'
import { validateDocument } from './validate'
import { hasErrors } from './problems'

const document = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: { inputDescription: '' } },
    { id: 'shout', kind: 'transform', position: { x: 200, y: 0 }, data: { expression: 'input' } },
    { id: 'output', kind: 'output', position: { x: 400, y: 0 }, data: {} },
  ],
  edges: [
    { id: 'a', source: 'start', target: 'shout' },
    { id: 'b', source: 'shout', target: 'output' },
  ],
} as GraphDocument

describe('singleNodeDocument', () => {
  it('feeds the node from a start and sends what it makes to an output, with ids that do not collide', () => {
    const single = singleNodeDocument(document, 'shout')
    expect(single.ok).toBe(true)
    if (!single.ok) return
    expect(single.document.nodes.map((node) => `${node.id}:${node.kind}`)).toEqual(['start:start', 'shout:transform', 'output:output'])
    expect(single.document.edges.map((edge) => `${edge.source}->${edge.target}`)).toEqual(['start->shout', 'shout->output'])
    expect(hasErrors(validateDocument(single.document))).toBe(false)
    const named = singleNodeDocument({ ...document, nodes: document.nodes.map((node) => (node.id === 'shout' ? { ...node, id: 'start_x' } : node)) }, 'start_x')
    expect(named.ok && named.document.nodes.map((node) => node.id)).toEqual(['start', 'start_x', 'output'])
  })

  it('keeps an output node as the end itself, and refuses a start node or an unknown id', () => {
    const single = singleNodeDocument(document, 'output')
    expect(single.ok && single.document.nodes.map((node) => node.id)).toEqual(['start', 'output'])
    expect(singleNodeDocument(document, 'start')).toMatchObject({ ok: false })
    expect(singleNodeDocument(document, 'nobody')).toMatchObject({ ok: false, message: "The workflow has no node 'nobody'." })
  })
})
