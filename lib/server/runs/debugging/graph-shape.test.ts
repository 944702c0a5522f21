import { describe, expect, it } from 'vitest'
import type { GraphDocument } from '@/lib/graph'
import { graphShapeDifferences } from './graph-shape'

const doc = (nodes: Array<[string, string, Record<string, unknown>?]>, edges: Array<[string, string]>): GraphDocument =>
  ({
    schemaVersion: 1,
    nodes: nodes.map(([id, kind, data = {}]) => ({ id, kind, position: { x: 0, y: 0 }, data })),
    edges: edges.map(([source, target], i) => ({ id: `e${i}`, source, target })),
  }) as GraphDocument

describe('graphShapeDifferences', () => {
  const base = doc(
    [
      ['start', 'start'],
      ['a', 'agent'],
      ['output', 'output'],
    ],
    [
      ['start', 'a'],
      ['a', 'output'],
    ],
  )

  it('finds none when only settings differ', () => {
    expect(
      graphShapeDifferences(
        base,
        doc(
          [
            ['start', 'start'],
            ['a', 'agent', { instructions: 'new' }],
            ['output', 'output'],
          ],
          [
            ['start', 'a'],
            ['a', 'output'],
          ],
        ),
      ),
    ).toEqual([])
  })

  it('names nodes and edges added, removed or changed in kind', () => {
    const changed = doc(
      [
        ['start', 'start'],
        ['a', 'transform'],
        ['b', 'agent'],
        ['output', 'output'],
      ],
      [
        ['start', 'a'],
        ['a', 'b'],
        ['b', 'output'],
      ],
    )
    expect(graphShapeDifferences(base, changed)).toEqual([
      "node 'a' changed from agent to transform",
      "node 'b' was added",
      'edge a → output was removed',
      'edge a → b was added',
      'edge b → output was added',
    ])
  })
})
