import { describe, expect, it } from 'vitest'
import { nextEdgeId, nextListItemId, nextNodeId } from './ids'

describe('ids for new things on the canvas', () => {
  it('numbers a node after its kind, from the first number free', () => {
    expect(nextNodeId('fan_out', new Set(['fan-out-1']))).toBe('fan-out-2')
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
