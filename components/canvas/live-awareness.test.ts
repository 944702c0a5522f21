import { describe, expect, it } from 'vitest'
import { peersOf, peoplePresent, sameSelection } from './live-awareness'

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
})
