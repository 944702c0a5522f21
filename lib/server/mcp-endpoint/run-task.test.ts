import { describe, expect, it } from 'vitest'
import { runToolResult, taskOf, type RunTaskRow } from './run-task'

const run = (changes: Partial<RunTaskRow>): RunTaskRow => ({
  id: 'run-1',
  status: 'running',
  outputs: null,
  error: null,
  sessionId: null,
  agentId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:01Z'),
  approvals: [],
  ...changes,
})

describe('taskOf', () => {
  it("maps a run's status, and says input_required while one of its approvals waits in the app", () => {
    expect(taskOf(run({ status: 'queued' }), 'http://app').status).toBe('working')
    expect(taskOf(run({ status: 'waiting', approvals: [{ id: 'a', title: 'Which colour?' }] }), 'http://app')).toMatchObject({
      taskId: 'run-1',
      status: 'input_required',
      statusMessage: "Waiting for the approval 'Which colour?': answer it in Agentloom at http://app/approvals",
      ttl: null,
    })
    expect(taskOf(run({ status: 'failed', error: 'boom' }), 'http://app')).toMatchObject({ status: 'failed', statusMessage: 'boom' })
    // An approval left over on an ended run does not make it wait.
    expect(taskOf(run({ status: 'cancelled', approvals: [{ id: 'a', title: 'x' }] }), 'http://app').status).toBe('cancelled')
  })
})

describe('runToolResult', () => {
  it("answers with the outputs' text, JSON as structured content too, and an ended-badly run as a tool error", () => {
    expect(runToolResult(run({ status: 'succeeded', outputs: ['a', 'b'] }))).toMatchObject({ content: [{ type: 'text', text: 'a\n\nb' }] })
    expect(runToolResult(run({ status: 'succeeded', outputs: ['a'] })).structuredContent).toBeUndefined()
    expect(runToolResult(run({ status: 'succeeded', outputs: [{ colour: 'blue' }] }))).toMatchObject({
      content: [{ type: 'text', text: '{"colour":"blue"}' }],
      structuredContent: { colour: 'blue' },
    })
    expect(runToolResult(run({ status: 'succeeded', outputs: [1, 'two'] })).structuredContent).toEqual({ outputs: [1, 'two'] })
    expect(runToolResult(run({ status: 'succeeded', outputs: ['hi'], agentId: 'agent', sessionId: 'conv' })).structuredContent).toEqual({
      output: 'hi',
      conversation_id: 'conv',
    })
    expect(runToolResult(run({ status: 'failed', error: 'boom' }))).toMatchObject({ isError: true, content: [{ type: 'text', text: 'boom' }] })
    expect(runToolResult(run({ status: 'cancelled' })).isError).toBe(true)
  })
})
