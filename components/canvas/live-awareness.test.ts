import { describe, expect, it } from 'vitest'
import { edgeSelectorsOf, peersOf, peoplePresent, sameEdgeSelectors, sameSelection } from './live-awareness'

const ada = { user: { id: 'u-ada', name: 'Ada', color: '#2563eb' }, cursor: { x: 1, y: 2 }, selection: { nodes: ['agent-1'], edges: [] } }
const bob = { user: { id: 'u-bob', name: 'Bob', color: '#e11d48' }, cursor: null, selection: { nodes: [], edges: [] } }

describe('live awareness', () => {
  it('lists the others whose state fits, leaving out this client and anything malformed', () => {
    const states = new Map<number, unknown>([
      [3, bob],
      [1, ada],
      [2, { user: { id: 'x', name: 'Evil', color: 'red; background: url(x)' } }],
      [4, { hello: 'world' }],
      [9, ada],
    ])
    expect(peersOf(states, 9)).toEqual([
      { clientId: 1, ...ada },
      { clientId: 3, ...bob },
    ])
  })

  it('keeps a state whose cursor or selection is malformed, without them', () => {
    const peers = peersOf(new Map([[1, { ...ada, cursor: { x: 'far' }, selection: 'everything' }]]), 0)
    expect(peers).toEqual([{ clientId: 1, user: ada.user, cursor: null, selection: { nodes: [], edges: [] } }])
  })

  it('shows each other person once', () => {
    const peers = peersOf(
      new Map<number, unknown>([
        [1, ada],
        [2, ada],
        [3, bob],
      ]),
      0,
    )
    expect(peoplePresent(peers, 'u-bob').map((peer) => peer.user.name)).toEqual(['Ada'])
  })

  it('compares selections by their ids', () => {
    expect(sameSelection({ nodes: ['a'], edges: [] }, { nodes: ['a'], edges: [] })).toBe(true)
    expect(sameSelection({ nodes: ['a'], edges: [] }, { nodes: ['b'], edges: [] })).toBe(false)
  })

  it('tells which edges the others selected, and who: the first of them when two did', () => {
    const states = new Map<number, unknown>([
      [1, { ...ada, selection: { nodes: ['agent-1'], edges: ['start->agent-1', 'agent-1->output'] } }],
      [2, { ...bob, selection: { nodes: [], edges: ['agent-1->output', 'x->y'] } }],
      [3, { ...bob, user: { ...bob.user, id: 'u-me' }, selection: { nodes: [], edges: ['mine'] } }],
    ])
    const selectors = edgeSelectorsOf(peersOf(states, 3))
    expect(Object.fromEntries([...selectors].map(([edgeId, user]) => [edgeId, user.name]))).toEqual({
      'start->agent-1': 'Ada',
      'agent-1->output': 'Ada',
      'x->y': 'Bob',
    })
    expect(selectors.get('x->y')!.color).toBe('#e11d48')
  })

  it('marks at most so many edges per person', () => {
    const many = { ...ada, selection: { nodes: [], edges: Array.from({ length: 5 }, (_, i) => `e${i}`) } }
    expect([...edgeSelectorsOf(peersOf(new Map([[1, many]]), 0), 3).keys()]).toEqual(['e0', 'e1', 'e2'])
  })

  it('compares edge selections by edge and person', () => {
    const one = edgeSelectorsOf([{ clientId: 1, ...ada, selection: { nodes: [], edges: ['e1'] } }])
    expect(sameEdgeSelectors(one, edgeSelectorsOf([{ clientId: 1, ...ada, cursor: null, selection: { nodes: ['n'], edges: ['e1'] } }]))).toBe(true)
    expect(sameEdgeSelectors(one, edgeSelectorsOf([{ clientId: 2, ...bob, selection: { nodes: [], edges: ['e1'] } }]))).toBe(false)
    expect(sameEdgeSelectors(one, edgeSelectorsOf([{ clientId: 1, ...ada, selection: { nodes: [], edges: ['e2'] } }]))).toBe(false)
    expect(sameEdgeSelectors(one, new Map())).toBe(false)
  })
})
