import { describe, expect, it } from 'vitest'
import { approvalSourceLabeler, executorLabeler, kindLabel, nodeLabel } from './graph-labels'
import { describeEvent } from './describe-event'
import { timelineEntries } from './timeline'
import type { RunEvent } from '@/lib/contracts/run-events'
import type { RunGraph } from '@/lib/contracts/runs'

const graph: RunGraph = {
  schemaVersion: 1,
  nodes: [
    { id: 'start', kind: 'start', position: { x: 0, y: 0 }, data: {} },
    { id: 'researcher', kind: 'agent', position: { x: 1, y: 0 }, data: { name: 'Researcher' } },
    { id: 'team', kind: 'group_chat', position: { x: 2, y: 0 }, data: { label: 'Writers' } },
  ],
  edges: [],
}
const labelOf = executorLabeler(graph)

function event(sequence: number, type: string, data: unknown = {}): RunEvent {
  return { sequence, type, data, createdAt: '2026-01-01T10:00:00.000Z' }
}

describe('labels', () => {
  it('names nodes by label, then name, then kind', () => {
    expect(nodeLabel(graph.nodes[0]!)).toBe('Start')
    expect(nodeLabel(graph.nodes[1]!)).toBe('Researcher')
    expect(nodeLabel(graph.nodes[2]!)).toBe('Writers')
    expect(kindLabel('sub_workflow')).toBe('Sub-workflow')
    expect(kindLabel('brand_new')).toBe('brand new')
  })

  it('names executors after their node, participants after node and participant', () => {
    expect(labelOf('researcher')).toBe('Researcher')
    expect(labelOf('team/editor')).toBe('Writers › editor')
    expect(labelOf('elsewhere')).toBe('elsewhere')
  })
})

describe('approvalSourceLabeler', () => {
  const sourceOf = approvalSourceLabeler({
    ...graph,
    nodes: [...graph.nodes, { id: 'human-1', kind: 'human_input', position: { x: 0, y: 1 }, data: {} }],
  })

  it('names a node by its label, else its agent name, else its id; any other source as stored', () => {
    expect(sourceOf({ source: 'team' })).toBe('Writers')
    expect(sourceOf({ source: 'researcher' })).toBe('Researcher')
    expect(sourceOf({ source: 'team/editor' })).toBe('Writers')
    expect(sourceOf({ source: 'human-1' })).toBe('human-1')
    expect(sourceOf({ source: 'research-assistant' })).toBe('research-assistant')
  })
})

describe('timelineEntries', () => {
  it('folds consecutive text of one executor into one row', () => {
    const entries = timelineEntries(
      [
        event(1, 'executor_invoked', { executorId: 'researcher' }),
        event(2, 'agent_update', { executorId: 'researcher', text: 'Hel' }),
        event(3, 'agent_update', { executorId: 'researcher', text: 'lo' }),
        event(4, 'agent_update', { executorId: 'team/editor', text: 'Hi' }),
        event(5, 'agent_update', { executorId: 'researcher', text: '!' }),
      ],
      labelOf,
    )
    expect(entries.map((e) => [e.title, e.detail, e.count, e.sequence, e.lastSequence])).toEqual([
      ['Researcher started', undefined, 1, 1, 1],
      ['Researcher wrote', 'Hello', 2, 2, 3],
      ['Writers › editor wrote', 'Hi', 1, 4, 4],
      ['Researcher wrote', '!', 1, 5, 5],
    ])
    expect(entries[1]!.data).toEqual({ executorId: 'researcher', text: 'Hello' })
  })

  it('shows the end of long streamed text', () => {
    const [entry] = timelineEntries([event(1, 'agent_update', { executorId: 'researcher', text: 'a'.repeat(300) + 'END' })], labelOf)
    expect(entry!.detail!.endsWith('END')).toBe(true)
    expect(entry!.detail!.startsWith('…')).toBe(true)
    expect(entry!.detail!.length).toBe(160)
  })

  it('folds the streamed fragments of one tool call and names its result', () => {
    const entries = timelineEntries(
      [
        event(1, 'tool_call', { executorId: 'researcher', callId: 'c1', name: 'summarize_topic', arguments: '{"topic":"MC' }),
        event(2, 'tool_call', { executorId: 'researcher', callId: 'c1', name: '', arguments: 'P"}' }),
        event(3, 'approval_requested', {}),
        event(4, 'tool_result', { executorId: 'researcher', callId: 'c1', result: 'A summary' }),
        event(5, 'tool_call', { executorId: 'researcher', callId: 'c2', name: 'word_count', arguments: { text: 'x' } }),
        event(6, 'tool_result', { executorId: 'researcher', callId: 'c9', result: 1 }),
      ],
      labelOf,
    )
    expect(entries.map((e) => [e.title, e.detail, e.count])).toEqual([
      ['Researcher called summarize_topic', '{"topic":"MCP"}', 2],
      ['Approval requested', undefined, 1],
      ['summarize_topic returned', 'A summary', 1],
      ['Researcher called word_count', '{"text":"x"}', 1],
      ['Tool returned', '1', 1],
    ])
    expect(entries[0]!.data).toEqual({ executorId: 'researcher', callId: 'c1', name: 'summarize_topic', arguments: '{"topic":"MCP"}' })
  })
})

describe('a step waiting for a person', () => {
  it('says the step waits for approval, not that it replied and completed, until it runs again', () => {
    const waiting = [
      event(1, 'executor_invoked', { executorId: 'researcher' }),
      event(2, 'tool_call', { executorId: 'researcher', callId: 'c1', name: 'multiply', arguments: { a: 6, b: 7 } }),
      event(3, 'tool_approval_request', { executorId: 'researcher', id: 'c1', name: 'multiply' }),
      event(4, 'agent_response', { executorId: 'researcher', text: '' }),
      event(5, 'request_info', { executorId: 'researcher', requestId: 'c1', data: { type: 'function_approval_request', functionCall: { name: 'multiply' } } }),
      event(6, 'executor_completed', { executorId: 'researcher' }),
    ]
    const answered = [
      event(7, 'executor_invoked', { executorId: 'researcher' }),
      event(8, 'agent_response', { executorId: 'researcher', text: '42' }),
      event(9, 'executor_completed', { executorId: 'researcher' }),
    ]
    const titles = timelineEntries([...waiting, ...answered], labelOf).map((entry) => entry.title)
    expect(titles).toEqual([
      'Researcher started',
      'Researcher called multiply',
      'Researcher asks to call multiply',
      'Researcher waits for approval to call multiply',
      'Researcher asks to call multiply',
      'Researcher paused until a person answers',
      'Researcher started',
      'Researcher replied',
      'Researcher completed',
    ])
  })
})

describe('long-running MCP tasks', () => {
  const status = (sequence: number, taskId: string, value: string, statusMessage?: string) =>
    event(sequence, 'mcp_task_status', {
      serverId: 'research',
      serverName: 'Research',
      toolName: taskId === 't1' ? 'research_search' : 'slow_report',
      taskId,
      status: value,
      ...(statusMessage ? { statusMessage } : {}),
    })

  it('gives one line per status change, toned by status', () => {
    const entries = timelineEntries([status(1, 't1', 'working'), status(2, 't1', 'working', '40% done'), status(3, 't1', 'completed')], labelOf)
    expect(entries.map((e) => [e.title, e.detail, e.tone, e.icon])).toEqual([
      ['Task research_search: working', 'Research · task t1', 'info', 'task'],
      ['Task research_search: working — 40% done', 'Research · task t1', 'info', 'task'],
      ['Task research_search: completed', 'Research · task t1', 'success', 'task'],
    ])
    expect(describeEvent(status(4, 't1', 'failed', 'boom'), labelOf).tone).toBe('danger')
    expect(describeEvent(status(4, 't1', 'cancelled'), labelOf).tone).toBe('warning')
    expect(describeEvent(event(5, 'mcp_task_status', { taskId: 't1' }), labelOf)).toMatchObject({ title: 'MCP task status', tone: 'neutral' })
  })

  it('marks each task’s newest line, and whether a cancel was asked for', () => {
    const entries = timelineEntries(
      [
        status(1, 't1', 'working'),
        status(2, 't2', 'working'),
        event(3, 'executor_invoked', { executorId: 'researcher' }),
        status(4, 't1', 'working', '40% done'),
        event(5, 'mcp_task_cancel_requested', { serverId: 'research', taskId: 't2' }),
      ],
      labelOf,
    )
    expect(entries.map((e) => e.task && [e.task.taskId, e.task.latest, e.task.cancelRequested])).toEqual([
      ['t1', false, false],
      ['t2', true, true],
      undefined,
      ['t1', true, false],
      undefined,
    ])
    // The request names its task by id only: the tool's name comes from the task's status lines.
    expect(entries[4]).toMatchObject({ title: 'Cancel requested for task slow_report', detail: 'research · task t2', tone: 'warning' })
    expect(timelineEntries([event(1, 'mcp_task_cancel_requested', { serverId: 's', taskId: 'x' })], labelOf)[0]!.title).toBe('Cancel requested for task x')
  })

  it('takes a refused cancel back, counts the refusals, and shows a new request as under way again', () => {
    const failed = (sequence: number) =>
      event(sequence, 'mcp_task_cancel_failed', {
        serverId: 'research',
        taskId: 't1',
        message: 'The MCP server did not accept the cancel; the task may still be running.',
      })
    const requested = (sequence: number) => event(sequence, 'mcp_task_cancel_requested', { serverId: 'research', taskId: 't1' })
    const taskOf = (events: Parameters<typeof timelineEntries>[0]) => timelineEntries(events, labelOf)[0]!.task
    expect(taskOf([status(1, 't1', 'working'), requested(2), failed(3)])).toMatchObject({ cancelRequested: false, cancelFailures: 1 })
    expect(taskOf([status(1, 't1', 'working'), requested(2), failed(3), requested(4)])).toMatchObject({ cancelRequested: true, cancelFailures: 1 })
    expect(taskOf([status(1, 't1', 'working'), requested(2), failed(3), requested(4), failed(5)])).toMatchObject({ cancelRequested: false, cancelFailures: 2 })
    expect(timelineEntries([status(1, 't1', 'working'), requested(2), failed(3)], labelOf)[2]).toMatchObject({
      title: 'Cancel failed for task research_search',
      detail: 'The MCP server did not accept the cancel; the task may still be running.',
      tone: 'danger',
    })
  })

  it('tells a task from another server with the same id apart', () => {
    const entries = timelineEntries(
      [status(1, 't1', 'working'), event(2, 'mcp_task_status', { serverId: 'other', toolName: 'x', taskId: 't1', status: 'working' })],
      labelOf,
    )
    expect(entries.map((e) => e.task?.latest)).toEqual([true, true])
  })

  it('folds a task’s progress updates in one status into one line that shows the newest', () => {
    const progress = (sequence: number, value: number) =>
      event(sequence, 'mcp_task_status', {
        serverId: 'research',
        toolName: 'slow_report',
        taskId: 't2',
        status: 'working',
        progress: value,
        total: 4,
        statusMessage: `step ${value} of 4`,
      })
    const entries = timelineEntries([status(1, 't2', 'working'), progress(2, 1), progress(3, 2), progress(4, 3), status(5, 't2', 'completed')], labelOf)
    expect(entries.map((e) => [e.title, e.count])).toEqual([
      ['Task slow_report: working', 1],
      ['Task slow_report: working — step 3 of 4', 3],
      ['Task slow_report: completed', 1],
    ])
    expect(entries[1]!.task).toMatchObject({ progress: 3, total: 4, latest: false })
  })
})
