import { describe, expect, it } from 'vitest'
import { buildAdjacency, findCycles, reachableFrom } from './graph-analysis'
import { graph } from './testing/graph-builder'

describe('graph analysis', () => {
  it('finds reachable nodes', () => {
    const doc = graph().start().agent('a').agent('b').agent('c').chain('start', 'a').edge('b', 'c').build()
    expect([...reachableFrom(['start'], buildAdjacency(doc))].sort()).toEqual(['a', 'start'])
  })

  it('finds cycles', () => {
    const doc = graph().start().agent('a').agent('b').agent('c').output().chain('start', 'a', 'b', 'c', 'a').edge('c', 'output').build()
    const adjacency = buildAdjacency(doc)
    const cycles = findCycles(
      doc.nodes.map((n) => n.id),
      adjacency,
    )
    expect(cycles.map((c) => [...c].sort())).toEqual([['a', 'b', 'c']])
  })

  it('handles long chains without recursion limits', () => {
    const builder = graph().start()
    const ids = ['start']
    for (let i = 0; i < 20_000; i++) {
      builder.node(`n${i}`, 'fan_out')
      ids.push(`n${i}`)
    }
    const doc = builder.chain(...ids).build()
    const adjacency = buildAdjacency(doc)
    expect(findCycles(ids, adjacency)).toEqual([])
    expect(reachableFrom(['start'], adjacency).size).toBe(20_001)
  })
})
