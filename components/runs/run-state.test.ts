import { describe, expect, it } from 'vitest'
import { initialRunState, mergeRunSnapshot, nodeStatuses, pendingApprovals, reduceRunEventBatch, reduceRunEvents, type RunViewState } from './run-state'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunDetail } from '@/lib/contracts/runs'

const NODE_IDS = ['start', 'researcher', 'team', 'output']

function run(overrides: Partial<RunDetail> = {}): RunDetail {
  return {
    id: 'run-1',
    workflowId: 'wf-1',
    workflowName: 'Research',
    version: 3,
    status: 'queued',
    createdAt: '2026-01-01T10:00:00.000Z',
    finishedAt: null,
    input: 'hello',
    outputs: null,
    error: null,
    usage: null,
    startedAt: null,
    ...overrides,
  }
}

function approval(overrides: Partial<ApprovalView> = {}): ApprovalView {
  return {
    id: 'ap-1',
    runId: 'run-1',
    kind: 'sampling',
    status: 'pending',
    source: 'research-assistant',
    title: 'Sampling request from research-assistant',
    payload: {},
    response: null,
    expiresAt: '2026-01-01T10:05:00.000Z',
    createdAt: '2026-01-01T10:00:02.000Z',
    decidedAt: null,
    ...overrides,
  }
}

let clock = 0
function event(sequence: number, type: string, data: unknown = {}): RunEvent {
  clock += 1
  return { sequence, type, data, createdAt: new Date(Date.UTC(2026, 0, 1, 10, 0, clock)).toISOString() }
}

function fresh(overrides: Partial<RunDetail> = {}, approvals: ApprovalView[] = []): RunViewState {
  return initialRunState(run(overrides), approvals, NODE_IDS)
}

/** A typical successful run: start → researcher (streams text) → output. */
function successfulRun(): RunEvent[] {
  return [
    event(1, 'run_queued'),
    event(2, 'run_started'),
    event(3, 'executor_invoked', { executorId: 'start' }),
    event(4, 'executor_completed', { executorId: 'start' }),
    event(5, 'executor_invoked', { executorId: 'researcher' }),
    event(6, 'agent_update', { executorId: 'researcher', text: 'Hel' }),
    event(7, 'agent_update', { executorId: 'researcher', text: 'lo!' }),
    event(8, 'executor_completed', { executorId: 'researcher' }),
    event(9, 'executor_invoked', { executorId: 'output' }),
    event(10, 'output', { executorId: 'output', data: 'Hello!' }),
    event(11, 'executor_completed', { executorId: 'output' }),
    event(12, 'run_succeeded', { outputs: ['Hello!'] }),
  ]
}

describe('reduceRunEvents', () => {
  it('follows a successful run to its outputs', () => {
    const events = successfulRun()
    const state = reduceRunEventBatch(fresh(), events)
    expect(state.status).toBe('succeeded')
    expect(state.outputs).toEqual(['Hello!'])
    expect(state.streamedOutputs).toEqual(['Hello!'])
    expect(state.lastSequence).toBe(12)
    expect(state.events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(state.startedAt).toBe(events[1]!.createdAt)
    expect(state.finishedAt).toBe(events[11]!.createdAt)
    expect(nodeStatuses(state)).toEqual({ start: 'done', researcher: 'done', team: 'idle', output: 'done' })
  })

  it('tracks node statuses while the run goes on', () => {
    const events = successfulRun().slice(0, 6)
    const state = reduceRunEventBatch(fresh(), events)
    expect(state.status).toBe('running')
    expect(nodeStatuses(state)).toEqual({ start: 'done', researcher: 'running', team: 'idle', output: 'idle' })
    expect(state.nodeInvocations).toEqual({ start: 1, researcher: 1 })
  })

  it('concatenates streamed agent text per executor, in order of first appearance', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'agent_update', { executorId: 'team/writer', text: 'Draft ' }),
      event(2, 'agent_update', { executorId: 'researcher', text: 'Found ' }),
      event(3, 'agent_update', { executorId: 'team/writer', text: 'one.' }),
      event(4, 'agent_update', { executorId: 'researcher', text: 'two.' }),
      event(5, 'agent_update', { executorId: 'researcher' }),
    ])
    expect(state.agentTexts).toEqual([
      { executorId: 'team/writer', nodeId: 'team', text: 'Draft one.' },
      { executorId: 'researcher', nodeId: 'researcher', text: 'Found two.' },
    ])
  })

  it('ignores an event it has already applied', () => {
    const events = successfulRun()
    const once = reduceRunEventBatch(fresh(), events)
    const twice = reduceRunEventBatch(once, events)
    expect(twice).toBe(once)
    const replayedText = reduceRunEvents(once, events[5]!)
    expect(replayedText.agentTexts[0]!.text).toBe('Hello!')
  })

  it('gives the same state whatever order the events arrive in', () => {
    const events = successfulRun()
    const inOrder = reduceRunEventBatch(fresh(), events)
    const shuffled = [events[4]!, events[0]!, events[11]!, events[6]!, events[5]!, ...events, events[2]!]
    const outOfOrder = reduceRunEventBatch(fresh(), shuffled)
    expect(outOfOrder.events.map((e) => e.sequence)).toEqual(inOrder.events.map((e) => e.sequence))
    expect(outOfOrder.status).toBe(inOrder.status)
    expect(outOfOrder.agentTexts).toEqual(inOrder.agentTexts)
    expect(nodeStatuses(outOfOrder)).toEqual(nodeStatuses(inOrder))
  })

  it('never moves a finished run back to running when older events replay', () => {
    const snapshot = fresh({ status: 'succeeded', outputs: ['done'], finishedAt: '2026-01-01T10:01:00.000Z' })
    const state = reduceRunEventBatch(snapshot, [event(1, 'run_queued'), event(2, 'run_started')])
    expect(state.status).toBe('succeeded')
    expect(state.outputs).toEqual(['done'])
  })

  it('does not re-queue a run that has started', () => {
    const state = reduceRunEventBatch(fresh({ status: 'running' }), [event(1, 'run_queued')])
    expect(state.status).toBe('running')
  })

  it('records a failure with its error and the failed node', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'executor_invoked', { executorId: 'researcher' }),
      event(3, 'executor_invoked', { executorId: 'team' }),
      event(4, 'executor_failed', { executorId: 'researcher', error: 'Model unavailable' }),
      event(5, 'run_failed', { error: 'Executor researcher failed: Model unavailable' }),
    ])
    expect(state.status).toBe('failed')
    expect(state.error).toBe('Executor researcher failed: Model unavailable')
    expect(state.nodeErrors).toEqual({ researcher: 'Model unavailable' })
    expect(nodeStatuses(state)).toMatchObject({ researcher: 'failed', team: 'cancelled' })
  })

  it('marks nodes still running as cancelled when the run is cancelled', () => {
    const state = reduceRunEventBatch(fresh(), [event(1, 'run_started'), event(2, 'executor_invoked', { executorId: 'researcher' }), event(3, 'run_cancelled')])
    expect(state.status).toBe('cancelled')
    expect(nodeStatuses(state).researcher).toBe('cancelled')
  })

  it('counts repeated invocations of a node (loops)', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'executor_invoked', { executorId: 'researcher' }),
      event(2, 'executor_completed', { executorId: 'researcher' }),
      event(3, 'executor_invoked', { executorId: 'researcher' }),
    ])
    expect(state.nodeInvocations.researcher).toBe(2)
    expect(nodeStatuses(state).researcher).toBe('running')
  })

  it('keeps unknown and malformed events in the timeline without changing anything else', () => {
    const before = reduceRunEventBatch(fresh(), [event(1, 'run_started')])
    const after = reduceRunEventBatch(before, [
      event(2, 'something_new', { anything: [1, 2] }),
      event(3, 'executor_invoked', 'not an object'),
      event(4, 'agent_update', null),
      event(5, 'approval_requested', { approval: { id: 42 } }),
      event(6, 'output', {}),
    ])
    expect(after.events).toHaveLength(6)
    expect(after.status).toBe('running')
    expect(after.nodeStatus).toEqual({})
    expect(after.agentTexts).toEqual([])
    expect(after.approvals).toEqual({})
    expect(after.streamedOutputs).toEqual([])
  })

  it('takes token usage from the final event when it carries one', () => {
    const state = reduceRunEventBatch(fresh(), [event(1, 'run_succeeded', { outputs: [], usage: { totalTokenCount: 42 } })])
    expect(state.usage).toEqual({ totalTokenCount: 42 })
  })
})

describe('approvals in the run state', () => {
  it('waits on a pending approval and resumes when it is answered', () => {
    const requested = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'executor_invoked', { executorId: 'researcher' }),
      event(3, 'approval_requested', { approval: approval() }),
    ])
    expect(requested.status).toBe('waiting')
    expect(pendingApprovals(requested).map((a) => a.id)).toEqual(['ap-1'])
    expect(nodeStatuses(requested).researcher).toBe('waiting')

    const resolved = reduceRunEvents(
      requested,
      event(4, 'approval_resolved', { approval: approval({ status: 'approved', decidedAt: '2026-01-01T10:00:09.000Z' }) }),
    )
    expect(resolved.status).toBe('running')
    expect(pendingApprovals(resolved)).toEqual([])
    expect(resolved.approvals['ap-1']!.status).toBe('approved')
    expect(nodeStatuses(resolved).researcher).toBe('running')
  })

  it('keeps an escalation the snapshot knows when the replayed request event carries the approval from before it', () => {
    const escalatedAt = '2026-01-01T10:01:02.000Z'
    const reloaded = reduceRunEventBatch(fresh({ status: 'waiting' }, [approval({ escalatedAt })]), [
      event(1, 'run_started'),
      event(2, 'approval_requested', { approval: approval({ escalatedAt: null }) }),
    ])
    expect(reloaded.approvals['ap-1']!.escalatedAt).toBe(escalatedAt)
    const answered = reduceRunEvents(reloaded, event(3, 'approval_resolved', { approval: approval({ status: 'approved' }) }))
    expect(answered.approvals['ap-1']).toMatchObject({ status: 'approved', escalatedAt })
  })

  it('takes an escalation from the run’s approval_escalated event, the run still waiting', () => {
    const requested = reduceRunEventBatch(fresh(), [event(1, 'run_started'), event(2, 'approval_requested', { approval: approval() })])
    const escalatedAt = '2026-01-01T10:01:02.000Z'
    const escalation = { approvalId: 'ap-1', kind: 'sampling', title: 'Sampling request', source: 'research-assistant', escalatedAt }
    const escalated = reduceRunEvents(requested, event(3, 'approval_escalated', escalation))
    expect(escalated.approvals['ap-1']!.escalatedAt).toBe(escalatedAt)
    expect(escalated.status).toBe('waiting')
    expect(pendingApprovals(escalated)).toHaveLength(1)
    // Its event comes after an answer stored in between: the answered card still says it was escalated.
    const answeredFirst = reduceRunEventBatch(requested, [
      event(3, 'approval_resolved', { approval: approval({ status: 'approved' }) }),
      event(4, 'approval_escalated', escalation),
    ])
    expect(answeredFirst.approvals['ap-1']).toMatchObject({ status: 'approved', escalatedAt })
    expect(answeredFirst.status).toBe('running')
    // An escalation of an approval the view does not know (not its run's) changes nothing.
    expect(reduceRunEvents(requested, event(3, 'approval_escalated', { ...escalation, approvalId: 'other' })).approvals).toEqual(requested.approvals)
  })

  it('marks the node an approval names as its source', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'executor_invoked', { executorId: 'researcher' }),
      event(3, 'executor_invoked', { executorId: 'team' }),
      event(4, 'approval_requested', { approval: approval({ kind: 'human_input', source: 'team' }) }),
    ])
    expect(nodeStatuses(state)).toMatchObject({ team: 'waiting', researcher: 'running' })
  })

  it('shows a step that completed its superstep and then waits for a person as waiting, and done once answered', () => {
    const asked = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'executor_invoked', { executorId: 'researcher' }),
      event(3, 'request_info', { requestId: 'q1', executorId: 'researcher', data: { type: 'human_input', prompt: 'Go on?' } }),
      event(4, 'executor_completed', { executorId: 'researcher' }),
      event(5, 'approval_requested', { approval: approval({ kind: 'human_input', source: 'researcher' }) }),
    ])
    expect(nodeStatuses(asked)).toMatchObject({ researcher: 'waiting' })
    const answered = reduceRunEvents(
      asked,
      event(6, 'approval_resolved', { approval: approval({ kind: 'human_input', source: 'researcher', status: 'approved' }) }),
    )
    expect(nodeStatuses(answered)).toMatchObject({ researcher: 'done' })
  })

  it('does not paint a step Done when the run is cancelled while its tool call waits for approval', () => {
    const toolApproval = approval({ kind: 'tool_call', source: 'researcher' })
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'executor_invoked', { executorId: 'researcher' }),
      event(3, 'tool_approval_request', { executorId: 'researcher', id: 'call_1', name: 'word_count' }),
      event(4, 'agent_response', { executorId: 'researcher', text: '' }),
      event(5, 'request_info', { requestId: 'call_1', executorId: 'researcher', data: { type: 'function_approval_request' } }),
      event(6, 'executor_completed', { executorId: 'researcher' }),
      event(7, 'approval_requested', { approval: toolApproval }),
      event(8, 'approval_resolved', { approval: { ...toolApproval, status: 'expired', response: { decision: 'deny', closedBy: 'run_cancelled' } } }),
      event(9, 'run_cancelled'),
    ])
    expect(nodeStatuses(state).researcher).toBe('cancelled')
  })

  it('keeps the message of an engine error (error details) for the failed node', () => {
    const state = reduceRunEvents(
      fresh(),
      event(1, 'executor_failed', { executorId: 'researcher', error: { message: 'Model unavailable', errorType: 'Error' } }),
    )
    expect(state.nodeErrors).toEqual({ researcher: 'Model unavailable' })
  })

  it('stays waiting while another approval is still open', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'approval_requested', { approval: approval({ id: 'a' }) }),
      event(3, 'approval_requested', { approval: approval({ id: 'b' }) }),
      event(4, 'approval_resolved', { approval: approval({ id: 'a', status: 'denied' }) }),
    ])
    expect(state.status).toBe('waiting')
    expect(pendingApprovals(state).map((a) => a.id)).toEqual(['b'])
  })

  it('never reopens an answered approval when its request event arrives late', () => {
    const answered = initialRunState(run({ status: 'running' }), [approval({ status: 'approved' })], NODE_IDS)
    const state = reduceRunEvents(answered, event(7, 'approval_requested', { approval: approval() }))
    expect(state.approvals['ap-1']!.status).toBe('approved')
    expect(state.status).toBe('running')
  })

  it('starts from the approvals of the snapshot', () => {
    const state = initialRunState(run({ status: 'waiting' }), [approval()], NODE_IDS)
    expect(state.status).toBe('waiting')
    expect(pendingApprovals(state)).toHaveLength(1)
    const started = reduceRunEvents(state, event(1, 'run_started'))
    expect(started.status).toBe('waiting')
  })

  it('shows an expired approval as no longer pending', () => {
    const state = reduceRunEventBatch(fresh(), [
      event(1, 'run_started'),
      event(2, 'approval_requested', { approval: approval() }),
      event(3, 'approval_resolved', { approval: approval({ status: 'expired' }) }),
    ])
    expect(state.approvals['ap-1']!.status).toBe('expired')
    expect(state.status).toBe('running')
  })
})

describe('mergeRunSnapshot', () => {
  it('takes fresher run fields and keeps a finished status', () => {
    const finished = reduceRunEventBatch(fresh(), successfulRun())
    const merged = mergeRunSnapshot(finished, run({ status: 'running', usage: { totalTokenCount: 9 } }))
    expect(merged.status).toBe('succeeded')
    expect(merged.usage).toEqual({ totalTokenCount: 9 })
    expect(merged.outputs).toEqual(['Hello!'])
  })

  it('applies a cancel answer', () => {
    const running = reduceRunEventBatch(fresh(), [event(1, 'run_started')])
    expect(mergeRunSnapshot(running, run({ status: 'cancelled' })).status).toBe('cancelled')
  })
})
