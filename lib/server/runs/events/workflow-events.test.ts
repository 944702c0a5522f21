import { describe, expect, it } from 'vitest'
import { AgentTextCoalescer, toRunEvents } from './workflow-events'

describe('toRunEvents', () => {
  it('passes engine events through under their own names and drops status changes', () => {
    expect(toRunEvents({ type: 'executor_invoked', executorId: 'a' })).toEqual([{ type: 'executor_invoked', data: { executorId: 'a' }, usage: undefined }])
    expect(toRunEvents({ type: 'status', state: 'IN_PROGRESS' })).toEqual([])
    expect(toRunEvents(undefined)).toEqual([])
  })

  it('splits an agent update into text, tool calls and tool results (with the failure detail)', () => {
    const records = toRunEvents({
      type: 'agent_update',
      executorId: 'agent',
      text: 'hi',
      contents: [
        { type: 'text', text: 'hi' },
        { type: 'function_call', callId: 'c1', name: 'add', arguments: '{"a":1}' },
        { type: 'function_result', callId: 'c1', result: 'Error: Function failed.', exception: 'boom' },
      ],
    })
    expect(records.map((r) => r.type)).toEqual(['agent_update', 'tool_call', 'tool_result'])
    expect(records[1].data).toMatchObject({ name: 'add', arguments: { a: 1 } })
    expect(records[2].data).toMatchObject({ callId: 'c1', error: 'boom' })
  })

  it("copies an update's tool calls and results as JSON, as a copy of the whole event would", () => {
    const when = new Date('2026-12-05T12:00:00Z')
    const records = toRunEvents({
      type: 'agent_update',
      executorId: 'agent',
      text: '',
      contents: [
        { type: 'function_call', callId: 'c1', name: 'plan', arguments: { at: when, retries: Infinity } },
        { type: 'function_result', callId: 'c1', result: { at: when, steps: [1, undefined, () => 0], skip: undefined } },
        { type: 'function_result', callId: 'c2', result: undefined },
        { type: 'function_approval_request', id: 'a1', functionCall: { type: 'function_call', callId: 'c3', name: 'delete', arguments: '{}' } },
      ],
    })
    expect(records).toEqual([
      { type: 'tool_call', data: { executorId: 'agent', callId: 'c1', name: 'plan', arguments: { at: when.toISOString(), retries: null } } },
      { type: 'tool_result', data: { executorId: 'agent', callId: 'c1', result: { at: when.toISOString(), steps: [1, null, null] } } },
      { type: 'tool_result', data: { executorId: 'agent', callId: 'c2', result: undefined } },
      { type: 'tool_approval_request', data: { executorId: 'agent', id: 'a1', name: 'delete' } },
    ])
    // What is stored is plain JSON: nothing of the engine's objects is shared with it.
    expect(JSON.parse(JSON.stringify(records[1].data))).toEqual({
      executorId: 'agent',
      callId: 'c1',
      result: { at: when.toISOString(), steps: [1, null, null] },
    })
  })

  it('keeps a streamed piece of arguments that parses alone as the text the model sent', () => {
    const pieces = ['{"text":', '"a b"', '}'].map((piece) =>
      toRunEvents({ type: 'agent_update', executorId: 'agent', text: '', contents: [{ type: 'function_call', callId: 'c1', name: '', arguments: piece }] }),
    )
    expect(pieces.map(([record]) => record.data.arguments)).toEqual(['{"text":', '"a b"', '}'])
  })

  it('keeps usage reported by an agent response', () => {
    const [record] = toRunEvents({ type: 'agent_response', executorId: 'a', text: 'x', usage: { inputTokenCount: 3 } })
    expect(record.usage).toEqual({ inputTokenCount: 3 })
  })

  it('serialises errors inside events to plain objects', () => {
    const [record] = toRunEvents({ type: 'error', error: new Error('bad') })
    expect(record.data.error).toMatchObject({ message: 'bad' })
  })
})

describe('AgentTextCoalescer', () => {
  const update = (executorId: string, text: string) => ({ type: 'agent_update', data: { executorId, text } })

  it('merges consecutive text of one executor within the window and flushes before other events', () => {
    const coalescer = new AgentTextCoalescer(100)
    expect(coalescer.push(update('a', 'Hel'), 0)).toEqual([])
    expect(coalescer.push(update('a', 'lo'), 50)).toEqual([])
    const other = { type: 'tool_call', data: {} }
    expect(coalescer.push(other, 60)).toEqual([update('a', 'Hello'), other])
    expect(coalescer.flush()).toEqual([])
  })

  it('starts a new event after the window or for another executor', () => {
    const coalescer = new AgentTextCoalescer(100)
    coalescer.push(update('a', 'x'), 0)
    expect(coalescer.push(update('a', 'y'), 150)).toEqual([update('a', 'x')])
    expect(coalescer.push(update('b', 'z'), 160)).toEqual([update('a', 'y')])
    expect(coalescer.flush()).toEqual([update('b', 'z')])
  })
})
