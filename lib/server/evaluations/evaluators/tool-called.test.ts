import { describe, expect, it } from 'vitest'
import { refused, sampleOf, specOf } from './sample-fixture'
import { evaluateToolCalled } from './tool-called'

const toolCalls = [
  { name: 'search', arguments: '{"query":"refund policy","limit":5}' },
  { name: 'add', arguments: { a: 2, b: 40 } },
]

describe('tool_called', () => {
  it('passes when the tool was called, with the named arguments when given (JSON text or a value)', () => {
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'search' })).passed).toBe(true)
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'search', arguments: { query: 'refund policy' } })).passed).toBe(
      true,
    )
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'add', arguments: { a: 2, b: 40 } })).passed).toBe(true)
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'delete', expectCalled: false })).passed).toBe(true)
  })

  it('fails when it was not, or never with those arguments', () => {
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'delete' })).reason).toContain('called: search, add')
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'search', arguments: { limit: 6 } })).passed).toBe(false)
    expect(evaluateToolCalled(sampleOf({ toolCalls }), specOf({ kind: 'tool_called', tool: 'add', expectCalled: false })).passed).toBe(false)
  })

  it('refuses a bad spec', () => {
    expect(refused({ kind: 'tool_called' })).toBe(true)
    expect(refused({ kind: 'tool_called', tool: 'x', arguments: 'a=1' })).toBe(true)
  })
})
