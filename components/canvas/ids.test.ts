import { describe, expect, it } from 'vitest'
import { liveIdSuffix, nextEdgeId, nextListItemId, nextNodeId } from './ids'

describe('ids for new things on the canvas', () => {
  it('numbers a node after its kind, from the first number free', () => {
    expect(nextNodeId('fan_out', new Set(['fan-out-1']))).toBe('fan-out-2')
  })

  it('adds the live suffix, after the first number no node uses with or without one', () => {
    expect(nextNodeId('agent', new Set(['agent-1', 'agent-2-x3', 'agent-10']), 'k7')).toBe('agent-3-k7')
    expect(nextNodeId('fan_out', new Set(), 'k7')).toBe('fan-out-1-k7')
    expect(liveIdSuffix(1296 * 5 + 7)).toBe('07')
    expect(liveIdSuffix(4_294_967_295)).toMatch(/^[a-z0-9]{2}$/)
  })

  it('names an edge after its ends and handle, numbered only when taken', () => {
    expect(nextEdgeId('agent-1', 'end', 'output', new Set())).toBe('e-agent-1.output-end')
    expect(nextEdgeId('agent-1', 'end', null, new Set(['e-agent-1-end']))).toBe('e-agent-1-end-2')
  })

  it("gives a node's new list item the first free number, gaps included", () => {
    expect(nextListItemId('case', [])).toBe('case-1')
    expect(nextListItemId('case', ['case-1', 'case-3'])).toBe('case-2')
    expect(nextListItemId('agent', ['agent-1', 'agent-2'])).toBe('agent-3')
  })
})
