import { describe, expect, it } from 'vitest'
import { edgeToCanvas } from './adapter'
import { REMOTE_SELECTED_EDGE_CLASS, withRemoteEdgeSelections } from './use-remote-edge-selections'

const ada = { id: 'u-ada', name: 'Ada', color: '#2563eb' }
const plain = edgeToCanvas({ id: 'start->writer', source: 'start', target: 'writer' })
const conditional = edgeToCanvas({ id: 'writer->output', source: 'writer', target: 'output', condition: 'input.ok' })

describe('the others’ selected edges', () => {
  it('marks the edges the others selected in their colour, keeping the edge’s own style', () => {
    const [first, second] = withRemoteEdgeSelections([plain, conditional], new Map([['writer->output', ada]]))
    expect(first).toBe(plain)
    expect(second).toMatchObject({
      id: 'writer->output',
      className: REMOTE_SELECTED_EDGE_CLASS,
      style: { strokeDasharray: '6 4', stroke: '#2563eb', strokeWidth: 3 },
      domAttributes: { 'data-live-selected-by': 'Ada' },
      label: 'input.ok',
    })
  })

  it('hands the edges on as they are when nobody else selected any', () => {
    const edges = [plain, conditional]
    expect(withRemoteEdgeSelections(edges, new Map())).toBe(edges)
  })
})
