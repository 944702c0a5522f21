import { SelectionMode } from '@xyflow/react'
import { describe, expect, it } from 'vitest'
import { boxFromCorners, edgesOfNodes, nodesInBox } from './overview-selection-box'

const node = (id: string, x: number, y: number) => ({ id, box: { x, y, width: 240, height: 80 } })

describe('overview box selection', () => {
  it('spans the press and the pointer whichever way the pointer went', () => {
    expect(boxFromCorners({ x: 300, y: 50 }, { x: 100, y: 250 })).toEqual({ x: 100, y: 50, width: 200, height: 200 })
  })

  it('takes the nodes it holds whole in Full mode, and those it touches in Partial mode', () => {
    const nodes = [node('inside', 0, 0), node('touched', 200, 100), node('outside', 1000, 0)]
    const box = { x: -10, y: -10, width: 300, height: 150 }
    expect([...nodesInBox(nodes, box, SelectionMode.Full)]).toEqual(['inside'])
    expect([...nodesInBox(nodes, box, SelectionMode.Partial)]).toEqual(['inside', 'touched'])
    expect(nodesInBox(nodes, { x: 0, y: 0, width: 240, height: 80 }, SelectionMode.Full)).toEqual(new Set(['inside']))
  })

  it('takes the edges of the nodes it takes', () => {
    const edges = [
      { id: 'a-b', source: 'a', target: 'b' },
      { id: 'c-a', source: 'c', target: 'a' },
      { id: 'c-d', source: 'c', target: 'd' },
    ]
    expect([...edgesOfNodes(edges, new Set(['a']))]).toEqual(['a-b', 'c-a'])
  })
})
