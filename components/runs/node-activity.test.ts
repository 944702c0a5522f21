import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { hasActivity, nodeActivity } from './node-activity'

let sequence = 0
function event(type: string, data: Record<string, unknown>, second = sequence): RunEvent {
  sequence += 1
  return { sequence, type, data, createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, second)).toISOString() }
}

const nodeIds = ['start', 'writer', 'team']

describe('nodeActivity', () => {
  it('pairs each invocation with what it sent, in order, and keeps other nodes out', () => {
    const events = [
      event('executor_invoked', { executorId: 'start', data: 'hello' }),
      event('executor_completed', { executorId: 'start', data: ['hello'] }),
      event('executor_invoked', { executorId: 'writer', data: 'first' }, 1),
      event('executor_invoked', { executorId: 'writer', data: 'second' }, 2),
      event('executor_completed', { executorId: 'writer', data: ['one'] }, 3),
      event('executor_completed', { executorId: 'writer', data: ['two'] }, 4),
    ]
    const activity = nodeActivity(events, 'writer', nodeIds)
    expect(activity.invocations.map(({ received, sent }) => ({ received, sent }))).toEqual([
      { received: 'first', sent: ['one'] },
      { received: 'second', sent: ['two'] },
    ])
    expect(activity.invocations[0]!.finishedAt).toBe('2026-01-01T10:00:03.000Z')
    expect(nodeActivity(events, 'start', nodeIds).invocations).toHaveLength(1)
  })

  it('leaves a running invocation open', () => {
    const activity = nodeActivity([event('executor_invoked', { executorId: 'writer', data: { text: 'go' } })], 'writer', nodeIds)
    expect(activity.invocations[0]).toMatchObject({ received: { text: 'go' }, sent: undefined, finishedAt: null })
  })

  it('collects replies, tool calls with their results, outputs and errors, inner executors included', () => {
    const events = [
      event('agent_response', { executorId: 'team/critic', text: 'Too long.' }),
      event('tool_call', { executorId: 'team/critic', callId: 'c1', name: 'count', arguments: {} }),
      event('tool_call', { executorId: 'team/critic', callId: 'c1', name: 'count', arguments: { text: 'abc' } }),
      event('tool_result', { executorId: 'team/critic', callId: 'c1', result: 3 }),
      event('tool_call', { executorId: 'team', callId: 'c2', name: 'fail', arguments: {} }),
      event('tool_result', { executorId: 'team', callId: 'c2', error: 'nope' }),
      event('output', { executorId: 'team', data: 'final' }),
      event('executor_failed', { executorId: 'team', error: { message: 'It broke' } }),
      event('agent_response', { executorId: 'writer', text: 'not the team' }),
    ]
    const activity = nodeActivity(events, 'team', nodeIds)
    expect(activity.replies.map((reply) => reply.text)).toEqual(['Too long.'])
    expect(activity.toolCalls).toEqual([
      { executorId: 'team/critic', callId: 'c1', name: 'count', arguments: { text: 'abc' }, result: 3 },
      { executorId: 'team', callId: 'c2', name: 'fail', arguments: {}, error: 'nope' },
    ])
    expect(activity.outputs).toEqual(['final'])
    expect(activity.errors).toEqual(['It broke'])
    expect(hasActivity(activity)).toBe(true)
    expect(hasActivity(nodeActivity(events, 'start', nodeIds))).toBe(false)
  })
})
