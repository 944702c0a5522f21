import { describe, expect, it } from 'vitest'
import { breakpointHit, edgeTargetsOf, nextRecipients, type SuperstepEnd } from './breakpoint-decision'

const edges = edgeTargetsOf([
  { source: 'start', target: 'a' },
  { source: 'a', target: 'b' },
  { source: 'a', target: 'c' },
  { source: 'b', target: 'output' },
])

function end(ran: string[], messages: SuperstepEnd['messages']): SuperstepEnd {
  return { superstep: 2, checkpointId: 'cp-2', ran: new Set(ran), messages }
}

describe('breakpoint decision', () => {
  it('finds the recipients of targeted and broadcast messages', () => {
    expect([...nextRecipients([{ sourceId: 'a' }], edges)].sort()).toEqual(['b', 'c'])
    expect([...nextRecipients([{ sourceId: 'a', targetId: 'c' }], edges)]).toEqual(['c'])
    expect([...nextRecipients([{ sourceId: 'nowhere' }], edges)]).toEqual([])
  })

  it('pauses before a node the next superstep delivers to', () => {
    const hit = breakpointHit([{ nodeId: 'b', when: 'before' }], end(['a'], [{ sourceId: 'a', targetId: 'b' }]), edges, false)
    expect(hit).toEqual({ reason: 'before', nodeIds: ['b'], superstep: 2, checkpointId: 'cp-2' })
  })

  it('does not pause before a node no message goes to', () => {
    expect(breakpointHit([{ nodeId: 'b', when: 'before' }], end(['a'], [{ sourceId: 'a', targetId: 'c' }]), edges, false)).toBeUndefined()
  })

  it('pauses after a node that ran, ahead of before-breakpoints', () => {
    const hit = breakpointHit(
      [
        { nodeId: 'b', when: 'before' },
        { nodeId: 'a', when: 'after' },
        { nodeId: 'a', when: 'after' },
      ],
      end(['a'], [{ sourceId: 'a' }]),
      edges,
      false,
    )
    expect(hit?.reason).toBe('after')
    expect(hit?.nodeIds).toEqual(['a'])
  })

  it('does not pause after a node that did not run', () => {
    expect(breakpointHit([{ nodeId: 'b', when: 'after' }], end(['a'], [{ sourceId: 'a' }]), edges, false)).toBeUndefined()
  })

  it('pauses after any superstep when stepping, unless the run is about to end', () => {
    expect(breakpointHit([], end(['a'], [{ sourceId: 'a' }]), edges, true)?.reason).toBe('step')
    expect(breakpointHit([{ nodeId: 'b', when: 'after' }], end(['b'], []), edges, true)).toBeUndefined()
  })
})
