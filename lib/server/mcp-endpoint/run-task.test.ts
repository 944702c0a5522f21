import { describe, expect, it } from 'vitest'
import { runToolResult, storableProgressToken, taskOf, taskProgressToken, type RunTaskRow } from './run-task'

const run = (changes: Partial<RunTaskRow>): RunTaskRow => ({
  id: 'run-1',
  status: 'running',
  outputs: null,
  error: null,
  conversationId: null,
  agentId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:01Z'),
  approvals: [],
  mcpProgressToken: null,
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
    // A working run says where it is; an approval waiting says more.
    expect(taskOf(run({ status: 'running' }), 'http://app', 'Superstep 2: running Shout').statusMessage).toBe('Superstep 2: running Shout')
    expect(taskOf(run({ status: 'queued' }), 'http://app').statusMessage).toBe('Queued: waiting for a worker')
    expect(taskOf(run({ status: 'running' }), 'http://app').statusMessage).toBeUndefined() // where it is was not looked up
    expect(taskOf(run({ status: 'waiting', approvals: [{ id: 'a', title: 'x' }] }), 'http://app', 'Superstep 1').statusMessage).toContain("approval 'x'")
    expect(taskOf(run({ status: 'succeeded' }), 'http://app', 'Superstep 9').statusMessage).toBeUndefined()
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
    expect(runToolResult(run({ status: 'succeeded', outputs: ['hi'], agentId: 'agent', conversationId: 'conv' })).structuredContent).toEqual({
      output: 'hi',
      conversation_id: 'conv',
    })
    expect(runToolResult(run({ status: 'failed', error: 'boom' }))).toMatchObject({ isError: true, content: [{ type: 'text', text: 'boom' }] })
    expect(runToolResult(run({ status: 'cancelled' })).isError).toBe(true)
  })
})

describe('progress tokens kept with a run', () => {
  it('keeps strings and numbers, and leaves out what Postgres cannot store or is too long to be a token', () => {
    expect(taskProgressToken(run({ mcpProgressToken: 7 }))).toBe(7)
    expect(taskProgressToken(run({ mcpProgressToken: 'abc' }))).toBe('abc')
    expect(taskProgressToken(run({ mcpProgressToken: null }))).toBeUndefined()
    expect(storableProgressToken('a\u0000b')).toBeUndefined()
    expect(storableProgressToken('x'.repeat(257))).toBeUndefined()
    expect(storableProgressToken(3)).toBe(3)
  })
})
