import { describe, expect, it } from 'vitest'
import { changedFields, diffDocuments, isEmptyDiff } from './diff'
import type { GraphDocument } from './document'
import { exampleWorkflowDocument } from './example-workflow'
import { graph } from './testing/graph-builder'

describe('diffDocuments', () => {
  it('finds nothing between a document and its copy in another order', () => {
    const before = exampleWorkflowDocument()
    const after: GraphDocument = { ...before, nodes: [...before.nodes].reverse(), edges: [...before.edges].reverse() }
    const diff = diffDocuments(before, after)
    expect(isEmptyDiff(diff)).toBe(true)
    expect(diff.nodes.unchanged).toBe(3)
    expect(diff.edges.unchanged).toBe(2)
  })

  it('lists added, removed and changed nodes and edges, with the fields that changed', () => {
    const before = graph()
      .start()
      .agent('writer')
      .node('shape', 'transform', { expression: 'input' })
      .output()
      .chain('start', 'writer', 'shape', 'output')
      .build()
    const after = structuredClone(before)
    const writer = after.nodes.find((node) => node.id === 'writer')!
    if (writer.kind !== 'agent') throw new Error('unreachable')
    writer.data.instructions = 'Write tersely.'
    writer.data.model = { ...writer.data.model, temperature: 0.3 }
    writer.position = { x: 5, y: 5 }
    after.nodes = after.nodes.filter((node) => node.id !== 'shape')
    after.edges = after.edges.filter((edge) => edge.source !== 'shape' && edge.target !== 'shape')
    after.nodes.push({ id: 'judge', kind: 'agent', position: { x: 0, y: 0 }, data: { ...writer.data, name: 'Judge' } })
    after.edges.push({ id: 'writer->judge', source: 'writer', target: 'judge' }, { id: 'judge->output', source: 'judge', target: 'output' })
    after.edges[0]!.condition = 'size(input) > 0'

    const diff = diffDocuments(before, after)
    expect(diff.nodes.added.map((node) => node.id)).toEqual(['judge'])
    expect(diff.nodes.removed.map((node) => node.id)).toEqual(['shape'])
    expect(diff.nodes.changed).toEqual([{ before: before.nodes[1], after: writer, fields: ['data.instructions', 'data.model.temperature', 'position'] }])
    expect(diff.nodes.unchanged).toBe(2)
    expect(diff.edges.added.map((edge) => edge.id)).toEqual(['writer->judge', 'judge->output'])
    expect(diff.edges.removed.map((edge) => edge.id)).toEqual([before.edges[1]!.id, before.edges[2]!.id])
    expect(diff.edges.changed.map((change) => change.fields)).toEqual([['condition']])
    expect(isEmptyDiff(diff)).toBe(false)
  })

  it('names a list by its field and a changed kind as kind', () => {
    expect(changedFields({ data: { participants: [{ id: 'a' }] } }, { data: { participants: [{ id: 'b' }] } })).toEqual(['data.participants'])
    expect(changedFields({ kind: 'agent', data: {} }, { kind: 'transform', data: {} })).toEqual(['kind'])
    expect(changedFields({ data: { label: undefined } }, { data: {} })).toEqual([])
    expect(changedFields({ data: { label: 'A' } }, { data: {} })).toEqual(['data.label'])
  })
})
