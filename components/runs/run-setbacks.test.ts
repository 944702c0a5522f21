import { describe, expect, it } from 'vitest'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'
import { hasSetbacks, runSetbacks, setbackSummary } from './run-setbacks'

const approval = (status: ApprovalView['status'], response: ApprovalView['response']): ApprovalView => ({
  id: `a-${status}`,
  runId: 'r',
  kind: 'sampling',
  status,
  source: 'research-assistant',
  title: 'Research assistant asks the model for a completion',
  payload: {},
  response,
  expiresAt: '2026-01-01T00:00:00Z',
  createdAt: '2026-01-01T00:00:00Z',
  decidedAt: null,
})

const event = (sequence: number, type: string, data: Record<string, unknown>): RunEvent =>
  ({ sequence, type, data, createdAt: '2026-01-01T00:00:00Z' }) as RunEvent

describe('what went wrong in a run that went on', () => {
  it('lists denied requests with who denied them and why, and failed tool calls with what the server said', () => {
    const setbacks = runSetbacks(
      [approval('denied', { decision: 'deny', reason: 'Too costly', decidedBy: 'Ada' }), approval('approved', { decision: 'approve' })],
      [
        event(5, 'tool_call', { executorId: 'agent-1', callId: 'c1', name: 'summarize_topic' }),
        // The rest of a streamed call: same callId, no name.
        event(6, 'tool_call', { executorId: 'agent-1', callId: 'c1', name: '', arguments: '"}' }),
        event(9, 'tool_result', { executorId: 'agent-1', callId: 'c1', result: 'Error: Function failed.', error: 'The client declined the sampling request' }),
        event(10, 'tool_call', { executorId: 'agent-1', callId: 'c2', name: 'word_count' }),
        event(11, 'tool_result', { executorId: 'agent-1', callId: 'c2', result: 3 }),
      ],
    )
    expect(setbacks.denied).toEqual([expect.objectContaining({ reason: 'Too costly', decidedBy: 'Ada' })])
    expect(setbacks.failedToolCalls).toEqual([
      { sequence: 9, executorId: 'agent-1', name: 'summarize_topic', message: 'The client declined the sampling request' },
    ])
    expect(setbackSummary(setbacks)).toBe('1 request denied, 1 tool call failed')
  })

  it('has nothing to say about a run where all went well', () => {
    const setbacks = runSetbacks([approval('approved', null)], [event(1, 'tool_result', { callId: 'x', result: 'ok' })])
    expect(hasSetbacks(setbacks)).toBe(false)
    expect(setbackSummary(setbacks)).toBeNull()
  })
})
