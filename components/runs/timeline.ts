/**
 * Turns run events into timeline rows a person can read (each described by describe-event.ts).
 * Consecutive streamed-text events of one executor fold into one row; a tool call's fragments
 * fold into one; MCP task lines learn their task's state.
 */
import { MCP_TASK_CANCEL_FAILED_EVENT, MCP_TASK_CANCEL_REQUESTED_EVENT, MCP_TASK_STATUS_EVENT, type RunEvent } from '@/lib/contracts/run-events'
import { describeEvent, textDetail, type EventDescription } from './describe-event'
import { asRecord, eventRecord, readString } from './event-data'
import { readTaskRef, readTaskStatus, taskKey, type TaskStatus } from './mcp-tasks'

export type { EventDescription, EventIcon, EventTone } from './describe-event'

export interface TimelineEntry extends EventDescription {
  /** Stable React key: the first sequence of the row. */
  key: string
  sequence: number
  lastSequence: number
  type: string
  createdAt: string
  /** The payload shown when the row is expanded (for folded text: the whole text). */
  data: unknown
  /** How many events the row stands for. */
  count: number
  /** On the lines of a long-running MCP task's status changes. */
  task?: TimelineTask
}

export interface TimelineTask extends TaskStatus {
  /** The task's newest status line: the one that carries its Cancel button. */
  latest: boolean
  /** A cancel was asked for (`mcp_task_cancel_requested`) and the server has not refused it since. */
  cancelRequested: boolean
  /** How many cancels of the task the server did not accept (`mcp_task_cancel_failed` events). */
  cancelFailures: number
}

export function timelineEntries(events: readonly RunEvent[], labelOf: (executorId: string) => string): TimelineEntry[] {
  const entries: TimelineEntry[] = []
  const entryFoldKeys: (string | null)[] = []
  const toolNames = new Map<string, string>()
  const taskToolNames = new Map<string, string>()
  const waits = new WaitingSteps()
  for (const event of events) {
    const key = foldKey(event)
    const lastIndex = entries.length - 1
    if (key !== null && lastIndex >= 0 && entryFoldKeys[lastIndex] === key) {
      entries[lastIndex] = fold(entries[lastIndex]!, event, labelOf)
      rememberToolName(entries[lastIndex]!, toolNames)
      continue
    }
    const entry: TimelineEntry = {
      ...(waits.describe(event, labelOf) ?? describeEvent(withTaskToolName(withToolName(event, toolNames), taskToolNames), labelOf)),
      key: String(event.sequence),
      sequence: event.sequence,
      lastSequence: event.sequence,
      type: event.type,
      createdAt: event.createdAt,
      data: event.data,
      count: 1,
    }
    rememberToolName(entry, toolNames)
    entries.push(entry)
    entryFoldKeys.push(key)
  }
  return markTaskLines(entries)
}

/**
 * A step whose tool call needs consent ends its model turn and its superstep while the call waits for a person:
 * its empty reply and its completion are not a reply and an end, but the step pausing for the answer. Follows each
 * executor from its invocation to its next one.
 */
class WaitingSteps {
  /** Per executor: the tools it asked to call in this invocation. */
  private readonly asked = new Map<string, string[]>()
  /** Executors that asked a person something (request_info) in this invocation. */
  private readonly requested = new Set<string>()

  describe(event: RunEvent, labelOf: (executorId: string) => string): EventDescription | undefined {
    const data = eventRecord(event)
    const executor = readString(data, 'executorId')
    if (!executor) return undefined
    switch (event.type) {
      case 'executor_invoked':
        this.asked.delete(executor)
        this.requested.delete(executor)
        return undefined
      case 'tool_approval_request':
        this.asked.set(executor, [...(this.asked.get(executor) ?? []), readString(data, 'name') || 'a tool'])
        return undefined
      case 'request_info':
        this.requested.add(executor)
        return undefined
      case 'agent_response': {
        const tools = this.asked.get(executor)
        if (!tools || (readString(data, 'text') ?? '') !== '') return undefined
        return { title: `${labelOf(executor)} waits for approval to call ${tools.join(', ')}`, tone: 'warning', icon: 'approval' }
      }
      case 'executor_completed':
        if (!this.requested.has(executor)) return undefined
        return { title: `${labelOf(executor)} paused until a person answers`, tone: 'warning', icon: 'approval' }
      default:
        return undefined
    }
  }
}

/**
 * Events that continue the previous row: streamed text of one executor, the argument fragments of
 * one streamed tool call (same callId), and the progress updates of one MCP task in one status
 * (the row then shows the newest progress).
 */
function foldKey(event: RunEvent): string | null {
  const data = eventRecord(event)
  if (event.type === MCP_TASK_STATUS_EVENT) {
    const task = readTaskStatus(data)
    return task && task.progress !== undefined ? `task:${taskKey(task)}:${task.status}` : null
  }
  if (event.type === 'agent_update') {
    const executor = readString(data, 'executorId')
    return executor === undefined ? null : `text:${executor}`
  }
  if (event.type === 'tool_call') {
    const callId = readString(data, 'callId')
    return callId === undefined ? null : `call:${callId}`
  }
  return null
}

function fold(entry: TimelineEntry, event: RunEvent, labelOf: (executorId: string) => string): TimelineEntry {
  const previous = asRecord(entry.data) ?? {}
  const next = eventRecord(event)
  const base = { ...entry, lastSequence: event.sequence, count: entry.count + 1 }
  if (event.type === MCP_TASK_STATUS_EVENT) return { ...base, ...describeEvent(event, labelOf), data: event.data }
  if (event.type === 'agent_update') {
    const text = (readString(previous, 'text') ?? '') + (readString(next, 'text') ?? '')
    return { ...base, data: { ...previous, text }, detail: textDetail(text) }
  }
  const name = readString(previous, 'name') || readString(next, 'name') || ''
  const args = joinArguments(previous.arguments, next.arguments)
  const data = { ...previous, name, arguments: args }
  return { ...base, ...describeEvent({ ...event, data }, labelOf), data }
}

/** Streamed argument fragments are strings to concatenate; anything else replaces. */
function joinArguments(previous: unknown, next: unknown): unknown {
  if (typeof previous === 'string' && typeof next === 'string') return previous + next
  return next ?? previous
}

/** A tool_result names its call only by callId: borrow the name from the call. */
function withToolName(event: RunEvent, toolNames: Map<string, string>): RunEvent {
  if (event.type !== 'tool_result') return event
  const data = eventRecord(event)
  const callId = readString(data, 'callId')
  if (readString(data, 'name') || !callId || !toolNames.has(callId)) return event
  return { ...event, data: { ...data, name: toolNames.get(callId) } }
}

function rememberToolName(entry: TimelineEntry, toolNames: Map<string, string>): void {
  if (entry.type !== 'tool_call') return
  const data = asRecord(entry.data) ?? {}
  const callId = readString(data, 'callId')
  const name = readString(data, 'name')
  if (callId && name) toolNames.set(callId, name)
}

/** Cancel requests and failures name their task only by id: borrow the tool's name from the task's status lines. */
function withTaskToolName(event: RunEvent, taskToolNames: Map<string, string>): RunEvent {
  if (event.type === MCP_TASK_STATUS_EVENT) {
    const task = readTaskStatus(event.data)
    if (task) taskToolNames.set(taskKey(task), task.toolName)
    return event
  }
  if (event.type !== MCP_TASK_CANCEL_REQUESTED_EVENT && event.type !== MCP_TASK_CANCEL_FAILED_EVENT) return event
  const task = readTaskRef(event.data)
  const toolName = task && taskToolNames.get(taskKey(task))
  return toolName ? { ...event, data: { ...eventRecord(event), toolName } } : event
}

/**
 * Gives each task status line its task, marking the task's newest line, whether a cancel is under
 * way (asked for, and not refused since) and how many were refused.
 */
function markTaskLines(entries: TimelineEntry[]): TimelineEntry[] {
  const latestLine = new Map<string, number>()
  const cancelRequested = new Set<string>()
  const cancelFailures = new Map<string, number>()
  entries.forEach((entry, index) => {
    if (entry.type === MCP_TASK_STATUS_EVENT) {
      const task = readTaskStatus(entry.data)
      if (task) latestLine.set(taskKey(task), index)
      return
    }
    const task = entry.type === MCP_TASK_CANCEL_REQUESTED_EVENT || entry.type === MCP_TASK_CANCEL_FAILED_EVENT ? readTaskRef(entry.data) : null
    if (!task) return
    const key = taskKey(task)
    if (entry.type === MCP_TASK_CANCEL_REQUESTED_EVENT) {
      cancelRequested.add(key)
    } else {
      cancelRequested.delete(key)
      cancelFailures.set(key, (cancelFailures.get(key) ?? 0) + 1)
    }
  })
  if (latestLine.size === 0) return entries
  return entries.map((entry, index) => {
    const task = entry.type === MCP_TASK_STATUS_EVENT ? readTaskStatus(entry.data) : null
    if (!task) return entry
    const key = taskKey(task)
    return {
      ...entry,
      task: { ...task, latest: latestLine.get(key) === index, cancelRequested: cancelRequested.has(key), cancelFailures: cancelFailures.get(key) ?? 0 },
    }
  })
}
