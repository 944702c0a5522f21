import type { InternalNode, Node } from '@xyflow/react'
import { describe, expect, it } from 'vitest'
import type { OverviewNodeLookup } from '@/components/canvas/overview/overview-scene'
import { RUN_EDGE_DONE, RUN_EDGE_PENDING, RUN_NODE_PAINT } from './run-node-paint'
import { runOverviewScene } from './run-overview-scene'

/** The parts of React Flow's internal node the scene reads. */
function lookupOf(nodes: Array<{ id: string; label?: string; x: number; y: number; measured?: { width: number; height: number } }>): OverviewNodeLookup {
  return new Map(
    nodes.map(({ id, label, x, y, measured }) => [
      id,
      {
        id,
        position: { x, y },
        data: label === undefined ? {} : { label },
        measured: measured ?? {},
        internals: { positionAbsolute: { x, y } },
      } as unknown as InternalNode<Node>,
    ]),
  )
}

describe('the run graph as the overview draws it', () => {
  const lookup = lookupOf([
    { id: 'start', label: 'Start', x: 0, y: 0, measured: { width: 150, height: 50 } },
    { id: 'writer', label: 'Writer', x: 300, y: 0 },
    { id: 'output', x: 600, y: 0 },
  ])
  const edges = [
    { id: 'a', source: 'start', target: 'writer' },
    { id: 'b', source: 'writer', target: 'output' },
    { id: 'gone', source: 'writer', target: 'missing' },
  ]

  it("boxes each node by its measured size, else a card's, titled by its label, painted by its status", () => {
    const scene = runOverviewScene(lookup, edges, { start: 'done', writer: 'waiting' })
    expect(scene.nodes).toEqual([
      { id: 'start', box: { x: 0, y: 0, width: 150, height: 50 }, title: 'Start', paint: RUN_NODE_PAINT.done },
      { id: 'writer', box: { x: 300, y: 0, width: 176, height: 56 }, title: 'Writer', paint: RUN_NODE_PAINT.waiting },
      { id: 'output', box: { x: 600, y: 0, width: 176, height: 56 }, title: 'output', paint: RUN_NODE_PAINT.idle },
    ])
  })

  it('draws an edge green once its source is done, grey before, and none to a node not in the graph', () => {
    const before = runOverviewScene(lookup, edges, {})
    expect(before.edges.map((edge) => edge.colour)).toEqual([RUN_EDGE_PENDING, RUN_EDGE_PENDING])
    const after = runOverviewScene(lookup, edges, { start: 'done', writer: 'done' })
    expect(after.edges.map((edge) => edge.colour)).toEqual([RUN_EDGE_DONE, RUN_EDGE_DONE])
    expect(after.edges[1]).toMatchObject({ source: { x: 300, width: 176 }, target: { x: 600 }, dashed: false, selected: false })
  })
})
