import { describe, expect, it } from 'vitest'
import { exampleWorkflowDocument } from '@/lib/graph/example-workflow'
import { documentToCanvas } from './adapter'
import { computeLayout } from './auto-layout'

describe('auto layout', () => {
  it('lays a chain out left to right', async () => {
    const { nodes, edges } = documentToCanvas(exampleWorkflowDocument())
    const positions = await computeLayout(nodes, edges)
    expect(Object.keys(positions).sort()).toEqual(['output', 'researcher', 'start'])
    expect(positions.start!.x).toBeLessThan(positions.researcher!.x)
    expect(positions.researcher!.x).toBeLessThan(positions.output!.x)
  })

  it('tolerates edges to missing nodes', async () => {
    const { nodes, edges } = documentToCanvas(exampleWorkflowDocument())
    const positions = await computeLayout(nodes, [...edges, { id: 'x', source: 'start', target: 'ghost' }])
    expect(Object.keys(positions)).toHaveLength(3)
  })
})
