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

  it('wraps a chain too long for the canvas into rows of its shape', async () => {
    const nodes = ['a', 'b', 'c', 'd'].map((id, i) => ({ id, type: 'transform', position: { x: i * 300, y: 0 }, data: {} })) as unknown as Parameters<
      typeof computeLayout
    >[0]
    const edges = [
      { id: 'ab', source: 'a', target: 'b' },
      { id: 'bc', source: 'b', target: 'c' },
      { id: 'cd', source: 'c', target: 'd' },
    ]
    const inOneRow = await computeLayout(nodes, edges)
    expect(new Set(Object.values(inOneRow).map((p) => p.y)).size).toBe(1)
    const wrapped = await computeLayout(nodes, edges, 1.4)
    const width = (positions: Record<string, { x: number }>) =>
      Math.max(...Object.values(positions).map((p) => p.x)) - Math.min(...Object.values(positions).map((p) => p.x))
    expect(width(wrapped)).toBeLessThan(width(inOneRow))
    expect(new Set(Object.values(wrapped).map((p) => p.y)).size).toBeGreaterThan(1)
  })

  it('tolerates edges to missing nodes', async () => {
    const { nodes, edges } = documentToCanvas(exampleWorkflowDocument())
    const positions = await computeLayout(nodes, [...edges, { id: 'x', source: 'start', target: 'ghost' }])
    expect(Object.keys(positions)).toHaveLength(3)
  })
})
