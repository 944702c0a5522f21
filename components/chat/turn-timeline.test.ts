import { describe, expect, it } from 'vitest'
import type { RunEvent } from '@/lib/contracts/run-events'
import { turnTimeline } from './turn-timeline'

function events(...list: Array<[string, Record<string, unknown>]>): RunEvent[] {
  return list.map(([type, data], index) => ({ sequence: index + 1, type, data, createdAt: '2026-01-01T10:00:00.000Z' }))
}

describe('turnTimeline', () => {
  it('keeps text, tool call, result and the text after it in the order they streamed', () => {
    const timeline = turnTimeline(
      events(
        ['run_started', {}],
        ['agent_update', { executorId: 'agent', text: 'Let me ' }],
        ['agent_update', { executorId: 'agent', text: 'count.' }],
        ['tool_call', { executorId: 'agent', callId: 'c1', name: 'word_count', arguments: { text: 'a b' } }],
        ['tool_result', { executorId: 'agent', callId: 'c1', result: 2 }],
        ['agent_update', { executorId: 'agent', text: 'There are 2 words.' }],
      ),
    )
    expect(timeline).toEqual([
      { kind: 'text', text: 'Let me count.' },
      { kind: 'tool', callId: 'c1', name: 'word_count', arguments: '{"text":"a b"}', result: { value: 2 } },
      { kind: 'text', text: 'There are 2 words.' },
    ])
  })

  it('shows a call as soon as its first piece arrives, and joins the pieces of its arguments', () => {
    const first = events(['tool_call', { callId: 'c1', name: 'word_count', arguments: '{"text":' }])
    expect(turnTimeline(first)).toEqual([{ kind: 'tool', callId: 'c1', name: 'word_count', arguments: '{"text":' }])
    // The run log keeps each piece as the text the model sent (a piece such as '"a b"' is not parsed alone).
    const whole = [
      ...first,
      ...events(['tool_call', { callId: 'c1', name: '', arguments: '"a b"' }], ['tool_call', { callId: 'c1', name: '', arguments: '}' }]),
    ]
    whole.forEach((event, index) => (event.sequence = index + 1))
    expect(turnTimeline(whole)).toEqual([{ kind: 'tool', callId: 'c1', name: 'word_count', arguments: '{"text":"a b"}' }])
  })

  it('has a call without a result while its tool runs, with the task status an MCP tool reports, and the error of a failed tool', () => {
    const timeline = turnTimeline(
      events(
        ['tool_call', { callId: 'slow', name: 'long_job', arguments: {} }],
        [
          'mcp_task_status',
          { serverId: 's1', serverName: 'Jobs', taskId: 't1', toolName: 'long_job', status: 'working', callId: 'slow', progress: 1, total: 4 },
        ],
        ['tool_call', { callId: 'bad', name: 'fails', arguments: {} }],
        ['tool_result', { callId: 'bad', result: 'Error: Function failed.', error: 'boom' }],
        ['tool_result', { callId: 'unknown', result: 1 }],
      ),
    )
    expect(timeline).toEqual([
      {
        kind: 'tool',
        callId: 'slow',
        name: 'long_job',
        arguments: '{}',
        task: { serverId: 's1', serverName: 'Jobs', taskId: 't1', toolName: 'long_job', status: 'working', progress: 1, total: 4 },
      },
      { kind: 'tool', callId: 'bad', name: 'fails', arguments: '{}', result: { value: 'Error: Function failed.', error: 'boom' } },
    ])
  })

  it('is empty before anything streamed', () => {
    expect(turnTimeline(events(['run_queued', {}], ['run_started', {}], ['agent_update', { text: '' }]))).toEqual([])
  })
})
