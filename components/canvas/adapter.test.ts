import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { migrateGraphDocument } from '@/lib/graph/migrate'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { canvasToDocument, documentToCanvas } from './adapter'

const fixtures = join(import.meta.dirname, '../../lib/graph/__fixtures__/valid')

describe('adapter', () => {
  it('round-trips the example document', () => {
    const document = exampleWorkflowDocument()
    const { nodes, edges } = documentToCanvas(document)
    expect(canvasToDocument(nodes, edges)).toEqual(document)
  })

  it.each(readdirSync(fixtures).filter((name) => name.endsWith('.json')))('round-trips fixture %s', (name) => {
    const document = migrateGraphDocument(JSON.parse(readFileSync(join(fixtures, name), 'utf8')))
    const { nodes, edges } = documentToCanvas(document)
    expect(canvasToDocument(nodes, edges)).toEqual(document)
  })

  it('maps kinds to node types and handles to React Flow nulls', () => {
    const { nodes, edges } = documentToCanvas(exampleWorkflowDocument())
    expect(nodes.map((node) => node.type)).toEqual(['start', 'agent', 'output'])
    expect(edges[0]).toMatchObject({ sourceHandle: null, targetHandle: null, data: {} })
  })

  it('drops canvas-only fields and labels conditional edges', () => {
    const document = exampleWorkflowDocument()
    document.edges[1]!.condition = 'input.contains("done")'
    const { nodes, edges } = documentToCanvas(document)
    expect(edges[1]).toMatchObject({ label: 'input.contains("done")', style: { strokeDasharray: '6 4' } })
    const decorated = nodes.map((node) => ({ ...node, selected: true, dragging: false, measured: { width: 200, height: 80 } }))
    decorated[0]!.position = { x: 10.123456, y: -3.98765 }
    const back = canvasToDocument(
      decorated,
      edges.map((edge) => ({ ...edge, selected: true })),
    )
    expect(back.nodes[0]).toEqual({ ...document.nodes[0], position: { x: 10.1, y: -4 } })
    expect(back.edges).toEqual(document.edges)
  })
})
