import { describe, expect, it } from 'vitest'
import { RUN_EVENT_DATA_SCHEMAS, type KnownRunEventType, type RunEvent } from '@/lib/contracts/run-events'
import type { RunGraph } from '@/lib/contracts/runs'
import { describeEvent } from './describe-event'
import { executorLabeler } from './graph-labels'

const graph: RunGraph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'researcher', kind: 'agent', position: { x: 1, y: 0 }, data: { name: 'Researcher' } },
    { id: 'human-1', kind: 'human_input', position: { x: 2, y: 0 }, data: { label: 'Editor sign-off', prompt: 'Publish?' } },
    { id: 'team', kind: 'group_chat', position: { x: 3, y: 0 }, data: { label: 'Writers' } },
  ],
  edges: [],
}
const labelOf = executorLabeler(graph)

function event(sequence: number, type: string, data: unknown = {}): RunEvent {
  return { sequence, type, data, createdAt: '2026-01-01T10:00:00.000Z' }
}

const approval = (kind: string, status: string, extra: Record<string, unknown> = {}) => ({
  id: 'a',
  runId: 'r',
  kind,
  status,
  source: 'human-1',
  title: 'Publish?',
  payload: { prompt: 'Publish?' },
  response: null,
  expiresAt: '2026-01-01T11:00:00.000Z',
  createdAt: '2026-01-01T10:00:00.000Z',
  decidedAt: null,
  ...extra,
})
const engineError = { message: 'It broke', errorType: 'Error' }

/** One event of every type the contract knows, as its writers produce it; a new type fails the test until it has a line here. */
const SAMPLES: Record<KnownRunEventType, unknown> = {
  run_queued: { workflowId: 'w', version: 1 },
  run_started: {},
  run_succeeded: { outputs: ['x'] },
  run_failed: { error: 'It broke' },
  run_cancelled: {},
  run_forked: { parentRunId: 'p', checkpointId: 'c', superstep: 2, inheritedThrough: 9 },
  breakpoint_hit: { reason: 'before', nodeIds: ['researcher'], superstep: 2, checkpointId: 'c' },
  breakpoint_resumed: { action: 'step' },
  breakpoint_state_edited: { checkpointId: 'c2', editedFrom: 'c', edits: [] },
  started: {},
  failed: { error: engineError },
  output: { executorId: 'researcher', data: 'x' },
  intermediate: { executorId: 'researcher', data: { step: 1 } },
  data: { executorId: 'researcher', data: { step: 1 } },
  request_info: { requestId: 'q1', executorId: 'human-1', data: { type: 'human_input', prompt: 'Publish?', input: 'draft' } },
  warning: { message: 'Careful', executorId: 'researcher' },
  error: { error: engineError, executorId: 'researcher' },
  superstep_started: { iteration: 1 },
  superstep_completed: { iteration: 1 },
  executor_invoked: { executorId: 'researcher' },
  executor_completed: { executorId: 'researcher' },
  executor_failed: { executorId: 'researcher', error: engineError },
  executor_bypassed: { executorId: 'researcher' },
  agent_update: { executorId: 'researcher', text: 'Hello' },
  agent_response: { executorId: 'researcher', text: 'Hello' },
  tool_call: { executorId: 'researcher', callId: 'c1', name: 'search', arguments: { q: 'x' } },
  tool_result: { executorId: 'researcher', callId: 'c1', result: 'found' },
  tool_approval_request: { executorId: 'researcher', id: 'c1', name: 'search' },
  group_chat: { executorId: 'team', data: { speaker: 'editor' } },
  handoff_sent: { executorId: 'team', source: 'team/triage', target: 'team/billing' },
  magentic_orchestrator: { executorId: 'team', eventType: 'plan_created', data: { plan: 'x' } },
  custom: { name: 'checkpoint saved', executorId: 'researcher', data: { id: 'k' } },
  conversation_forwarding_failed: { errors: ['timeout'] },
  approval_requested: { approval: approval('human_input', 'pending') },
  approval_resolved: { approval: approval('human_input', 'approved') },
  approval_escalated: { approvalId: 'a', kind: 'human_input', title: 'Publish?', source: 'human-1', escalatedAt: '2026-01-01T10:05:00.000Z' },
  mcp_connected: { serverId: 'research', tools: ['search'] },
  mcp_task_status: { serverId: 'research', serverName: 'Research', taskId: 't1', toolName: 'report', status: 'working' },
  mcp_task_cancel_requested: { serverId: 'research', taskId: 't1' },
  mcp_task_cancel_failed: { serverId: 'research', taskId: 't1', message: 'Refused' },
}

describe('every event type has a line in words', () => {
  it.each(Object.entries(SAMPLES))('%s', (type, data) => {
    expect(RUN_EVENT_DATA_SCHEMAS[type as KnownRunEventType].safeParse(data).success).toBe(true)
    const { title, detail, icon } = describeEvent(event(1, type, data), labelOf)
    // Words, not the event's type or a payload.
    expect(title).not.toBe(type)
    expect(title).not.toMatch(/[_{}"]/)
    // Nodes by their titles, never by their ids.
    expect(`${title} ${detail ?? ''}`).not.toMatch(/\b(human-1|researcher)\b/)
    expect(icon).not.toBe('dot')
  })
})

describe('the lines of people-facing events', () => {
  it('says who asks what, by the node’s title', () => {
    expect(describeEvent(event(1, 'request_info', SAMPLES.request_info), labelOf)).toMatchObject({
      title: 'Editor sign-off asks for input',
      detail: 'Publish?',
    })
    const toolRequest = {
      requestId: 'q2',
      executorId: 'researcher',
      data: { type: 'function_approval_request', functionCall: { name: 'delete_file', arguments: '{"path":"a"}' } },
    }
    expect(describeEvent(event(1, 'request_info', toolRequest), labelOf).title).toBe('Researcher asks to call delete_file')
    expect(describeEvent(event(1, 'tool_approval_request', SAMPLES.tool_approval_request), labelOf).title).toBe('Researcher asks to call search')
    expect(describeEvent(event(1, 'approval_requested', SAMPLES.approval_requested), labelOf)).toMatchObject({
      title: 'Editor sign-off asks a question',
      detail: 'Publish?',
    })
    const sampling = { approval: approval('sampling', 'pending', { source: 'research-assistant', title: 'Sampling from research-assistant' }) }
    expect(describeEvent(event(1, 'approval_requested', sampling), labelOf).title).toBe('research-assistant asks to use the model')
  })

  it('says how an approval ended, in the words of its kind', () => {
    expect(describeEvent(event(1, 'approval_resolved', SAMPLES.approval_resolved), labelOf)).toMatchObject({ title: 'Question answered', tone: 'success' })
    const cancelled = { approval: approval('tool_call', 'expired', { response: { decision: 'deny', closedBy: 'run_cancelled' } }) }
    expect(describeEvent(event(1, 'approval_resolved', cancelled), labelOf)).toMatchObject({ title: 'Tool call cancelled', tone: 'neutral' })
  })

  it('says an approval went to the workspace’s owners, in the words of its kind', () => {
    expect(describeEvent(event(1, 'approval_escalated', SAMPLES.approval_escalated), labelOf)).toMatchObject({
      title: 'Question escalated to the workspace’s owners',
      detail: 'Publish?',
      tone: 'warning',
    })
  })

  it('names both ends of a handoff and shows the message of an engine error', () => {
    expect(describeEvent(event(1, 'handoff_sent', SAMPLES.handoff_sent), labelOf).title).toBe('Writers › triage handed off to Writers › billing')
    expect(describeEvent(event(1, 'executor_failed', SAMPLES.executor_failed), labelOf)).toMatchObject({ title: 'Researcher failed', detail: 'It broke' })
    expect(describeEvent(event(1, 'failed', SAMPLES.failed), labelOf)).toMatchObject({ title: 'Workflow failed', detail: 'It broke' })
  })
})

describe('describeEvent', () => {
  it('gives readable titles for the known types', () => {
    expect(describeEvent(event(1, 'executor_invoked', { executorId: 'researcher' }), labelOf).title).toBe('Researcher started')
    expect(describeEvent(event(1, 'run_succeeded', { outputs: ['a', 'b'] }), labelOf)).toMatchObject({
      title: 'Run succeeded',
      detail: '2 outputs',
      tone: 'success',
    })
    expect(describeEvent(event(1, 'run_failed', { error: 'boom' }), labelOf)).toMatchObject({ detail: 'boom', tone: 'danger' })
    expect(describeEvent(event(1, 'superstep_started', { iteration: 3 }), labelOf).title).toBe('Superstep 3 started')
    expect(describeEvent(event(1, 'mcp_connected', { serverId: 'research-assistant', tools: ['summarize_topic'] }), labelOf)).toMatchObject({
      title: 'Connected to MCP server research-assistant',
      detail: '1 tool: summarize_topic',
    })
    expect(
      describeEvent(
        event(1, 'mcp_connected', { serverId: 'r', tools: ['r_list_mcp_tools', 'r_load_tool'], onDemandTools: ['r_word_count', 'r_summarize'] }),
        labelOf,
      ).detail,
    ).toBe('2 tools: r_list_mcp_tools, r_load_tool; 2 more on demand: r_word_count, r_summarize')
    expect(describeEvent(event(1, 'tool_call', { executorId: 'researcher', name: 'add', arguments: { a: 1 } }), labelOf)).toMatchObject({
      title: 'Researcher called add',
      detail: '{"a":1}',
    })
    expect(describeEvent(event(1, 'tool_result', { name: 'add', result: 3 }), labelOf)).toMatchObject({
      title: 'add returned',
      detail: '3',
      tone: 'neutral',
    })
    expect(describeEvent(event(1, 'tool_result', { name: 'add', result: null, error: 'bad' }), labelOf)).toMatchObject({
      title: 'add failed',
      tone: 'danger',
    })
  })

  it('describes approvals by their title and outcome', () => {
    const approval = {
      id: 'a',
      runId: 'r',
      kind: 'sampling',
      status: 'denied',
      title: 'Sampling from research-assistant',
      createdAt: '2026-01-01T10:00:00.000Z',
    }
    expect(describeEvent(event(1, 'approval_resolved', { approval }), labelOf)).toMatchObject({
      title: 'Sampling request denied',
      detail: 'Sampling from research-assistant',
      tone: 'danger',
    })
  })

  it('renders unknown and malformed events generically', () => {
    expect(describeEvent(event(1, 'brand_new', { x: [1, 2] }), labelOf)).toEqual({
      title: 'brand_new',
      detail: '{"x":[1,2]}',
      tone: 'neutral',
      icon: 'dot',
    })
    expect(() => describeEvent(event(1, 'executor_failed', 'oops'), labelOf)).not.toThrow()
    expect(describeEvent(event(1, 'approval_requested', null), labelOf).title).toBe('Approval requested')
  })
})
