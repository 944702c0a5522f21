import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunView } from '@/lib/contracts/runs'
import { REDACTED, removeInstructions, sanitizeEvent, sanitizeRunView } from './sanitize'

const graph = {
  schemaVersion: 1,
  nodes: [
    { id: 'a', kind: 'agent', data: { name: 'Writer', instructions: 'Our secret sauce.', headers: { Authorization: 'Bearer x' } } },
    { id: 'm', kind: 'magentic', data: { manager: { instructions: 'Plan it.' }, participants: [{ id: 'p', instructions: 'Research.' }] } },
    { id: 'h', kind: 'human_input', data: { prompt: 'Which colour?' } },
  ],
  edges: [],
}

const view = { run: { id: 'r' }, graph, approvals: [] } as unknown as RunView

describe('shared views', () => {
  it('leave out every agent, participant and manager instruction unless the owner included them, and always mask secrets', () => {
    const hidden = JSON.stringify(sanitizeRunView(view, { includeInstructions: false }))
    expect(hidden).not.toMatch(/secret sauce|Plan it|Research\./)
    expect(hidden).toContain('Which colour?')
    expect(hidden).toContain(REDACTED)
    const shown = JSON.stringify(sanitizeRunView(view, { includeInstructions: true }))
    expect(shown).toMatch(/secret sauce/)
    expect(shown).not.toContain('Bearer x')
  })

  it("leave out who answered the run's requests", () => {
    const approval = {
      id: 'x',
      status: 'denied',
      decidedById: 'user-ada-1234',
      response: { decision: 'deny', reason: 'Too costly', decidedBy: 'Ada Admin' },
    }
    const shared = JSON.stringify(sanitizeRunView({ ...view, approvals: [approval] } as unknown as RunView, { includeInstructions: true }))
    expect(shared).toContain('Too costly')
    expect(shared).not.toContain('Ada Admin')
    expect(shared).not.toContain('user-ada-1234')
    const event = { sequence: 2, type: 'approval_resolved', data: { approval } } as unknown as RunEvent
    expect(JSON.stringify(sanitizeEvent(event, { includeInstructions: false }))).not.toContain('Ada Admin')
  })

  it('drop instructions and system messages carried by events', () => {
    const event = {
      sequence: 1,
      type: 'agent_response',
      data: {
        messages: [
          { role: 'system', text: 'Be sly.' },
          { role: 'assistant', text: 'Hi' },
        ],
        instructions: 'x',
      },
    } as unknown as RunEvent
    expect(sanitizeEvent(event, { includeInstructions: false }).data).toEqual({ messages: [{ role: 'assistant', text: 'Hi' }] })
    expect(sanitizeEvent(event, { includeInstructions: true }).data).toEqual(event.data)
  })

  it('leave values without instructions as they are', () => {
    expect(removeInstructions('text')).toBe('text')
    expect(removeInstructions([1, { a: null }])).toEqual([1, { a: null }])
  })
})
