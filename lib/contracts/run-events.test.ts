import { describe, expect, it } from 'vitest'
import { asKnownRunEvent, runEventSchema, type RunEvent } from './run-events'

const at = '2026-01-01T10:00:00.000Z'
const event = (type: string, data: unknown, sequence = 1): RunEvent => ({ sequence, type, data, createdAt: at })

const approval = {
  id: 'a1',
  runId: 'r1',
  kind: 'sampling',
  status: 'pending',
  source: 'research-assistant',
  title: 'Sampling request',
  payload: { maxTokens: 300 },
  response: null,
  expiresAt: at,
  createdAt: at,
  decidedAt: null,
}

describe('run events', () => {
  it('narrows a known event by its type', () => {
    const known = asKnownRunEvent(event('tool_call', { executorId: 'agent', callId: 'c1', name: 'add', arguments: { a: 1 } }))
    expect(known?.type).toBe('tool_call')
    if (known?.type !== 'tool_call') throw new Error('not a tool call')
    expect(known.data.callId).toBe('c1')
  })

  it('knows the events of the run, the engine, approvals and MCP tasks', () => {
    const events = [
      event('run_queued', { workflowId: 'w', version: 1 }),
      event('run_failed', {}),
      event('failed', { error: { message: 'boom', errorType: 'Error' } }),
      event('executor_completed', { executorId: 'a' }),
      event('approval_requested', { approval }),
      event('mcp_connected', { serverId: 's', tools: ['a'], onDemandTools: ['b'] }),
      event('mcp_task_status', { serverId: 's', serverName: 'S', toolName: 'slow', taskId: 't', status: 'working', callId: 'c1' }),
      event('mcp_task_cancel_failed', { serverId: 's', taskId: 't', message: 'no' }),
    ]
    expect(events.filter((e) => !asKnownRunEvent(e))).toEqual([])
  })

  it('keeps fields a writer adds to a known type', () => {
    expect(asKnownRunEvent(event('run_started', { attempt: 2 }))?.data).toEqual({ attempt: 2 })
  })

  it('still parses events of unknown types, and known types whose data has another shape', () => {
    const unknownType = event('from_the_future', { anything: [1, 2] })
    const oddShape = event('approval_requested', { approval: { id: 'a1' } })
    for (const stored of [unknownType, oddShape]) {
      expect(runEventSchema.parse(stored)).toEqual(stored)
      expect(asKnownRunEvent(stored)).toBeUndefined()
    }
  })

  it('refuses what is not an event at all', () => {
    expect(runEventSchema.safeParse({ type: 'run_started', data: {} }).success).toBe(false)
  })
})
