/**
 * Turns run events into timeline rows a person can read: a title, an optional one-line detail,
 * a tone and an icon per type. Consecutive streamed-text events of one executor fold into one
 * row. Unknown types get a generic row (their type and compact JSON) rather than an error.
 */
import { MCP_TASK_CANCEL_FAILED_EVENT, MCP_TASK_CANCEL_REQUESTED_EVENT, MCP_TASK_STATUS_EVENT, type RunEvent } from '@/lib/contracts/run-events'
import { asRecord, eventRecord, readApproval, readNumber, readString } from './event-data'
import { compactJson, formatTaskStatus, truncate } from './format'
import { readTaskRef, readTaskStatus, taskKey, type TaskStatus } from './mcp-tasks'

export type EventTone = 'neutral' | 'muted' | 'info' | 'success' | 'warning' | 'danger' | 'accent'
export type EventIcon =
  'queued' | 'play' | 'check' | 'cross' | 'stop' | 'node' | 'text' | 'output' | 'step' | 'warning' | 'approval' | 'plug' | 'tool' | 'task' | 'dot'

export interface EventDescription {
  title: string
  detail?: string
  tone: EventTone
  icon: EventIcon
}

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

const DETAIL_LENGTH = 160

export function timelineEntries(events: readonly RunEvent[], labelOf: (executorId: string) => string): TimelineEntry[] {
  const entries: TimelineEntry[] = []
  const entryFoldKeys: (string | null)[] = []
  const toolNames = new Map<string, string>()
  const taskToolNames = new Map<string, string>()
  for (const event of events) {
    const key = foldKey(event)
    const lastIndex = entries.length - 1
    if (key !== null && lastIndex >= 0 && entryFoldKeys[lastIndex] === key) {
      entries[lastIndex] = fold(entries[lastIndex]!, event, labelOf)
      rememberToolName(entries[lastIndex]!, toolNames)
      continue
    }
    const entry: TimelineEntry = {
      ...describeEvent(withTaskToolName(withToolName(event, toolNames), taskToolNames), labelOf),
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

export function describeEvent(event: RunEvent, labelOf: (executorId: string) => string): EventDescription {
  const data = eventRecord(event)
  const executor = readString(data, 'executorId')
  const who = executor ? labelOf(executor) : 'Executor'
  const error = readString(data, 'error') ?? readString(data, 'message')
  switch (event.type) {
    case 'run_queued':
      return { title: 'Run queued', tone: 'muted', icon: 'queued' }
    case 'run_started':
      return { title: 'Run started', tone: 'info', icon: 'play' }
    case 'run_succeeded': {
      const count = Array.isArray(data.outputs) ? data.outputs.length : 0
      return { title: 'Run succeeded', detail: `${count} output${count === 1 ? '' : 's'}`, tone: 'success', icon: 'check' }
    }
    case 'run_failed':
      return { title: 'Run failed', detail: error && truncate(error, DETAIL_LENGTH), tone: 'danger', icon: 'cross' }
    case 'run_cancelled':
      return { title: 'Run cancelled', tone: 'warning', icon: 'stop' }
    case 'started':
      return { title: 'Workflow started', tone: 'muted', icon: 'play' }
    case 'executor_invoked':
      return { title: `${who} started`, tone: 'info', icon: 'node' }
    case 'executor_completed':
      return { title: `${who} completed`, tone: 'success', icon: 'node' }
    case 'executor_failed':
      return { title: `${who} failed`, detail: error && truncate(error, DETAIL_LENGTH), tone: 'danger', icon: 'cross' }
    case 'agent_update':
      return { title: `${who} wrote`, detail: textDetail(readString(data, 'text') ?? ''), tone: 'accent', icon: 'text' }
    case 'agent_response':
      return { title: `${who} replied`, detail: textDetail(readString(data, 'text') ?? ''), tone: 'accent', icon: 'text' }
    case 'output':
      return { title: `Output from ${who}`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'success', icon: 'output' }
    case 'superstep_started':
    case 'superstep_completed': {
      const iteration = readNumber(data, 'iteration')
      const verb = event.type === 'superstep_started' ? 'started' : 'completed'
      return { title: `Superstep${iteration === undefined ? '' : ` ${iteration}`} ${verb}`, tone: 'muted', icon: 'step' }
    }
    case 'warning':
      return { title: 'Warning', detail: messageDetail(data), tone: 'warning', icon: 'warning' }
    case 'error':
      return { title: 'Error', detail: messageDetail(data), tone: 'danger', icon: 'warning' }
    case 'approval_requested': {
      const approval = readApproval(data)
      return { title: 'Approval requested', detail: approval?.title, tone: 'warning', icon: 'approval' }
    }
    case 'approval_resolved': {
      const approval = readApproval(data)
      const outcome = approval ? approval.status : 'resolved'
      return {
        title: `Approval ${outcome}`,
        detail: approval?.title,
        tone: outcome === 'approved' ? 'success' : outcome === 'pending' ? 'warning' : 'danger',
        icon: 'approval',
      }
    }
    case 'mcp_connected':
      return describeMcpConnected(data)
    case MCP_TASK_STATUS_EVENT:
      return describeTaskStatus(data)
    case MCP_TASK_CANCEL_REQUESTED_EVENT: {
      const task = readTaskRef(data)
      return {
        title: `Cancel requested for task ${readString(data, 'toolName') || task?.taskId || ''}`.trimEnd(),
        detail: task ? `${task.serverId} · task ${task.taskId}` : undefined,
        tone: 'warning',
        icon: 'stop',
      }
    }
    case MCP_TASK_CANCEL_FAILED_EVENT: {
      const task = readTaskRef(data)
      return {
        title: `Cancel failed for task ${readString(data, 'toolName') || task?.taskId || ''}`.trimEnd(),
        detail: readString(data, 'message') || undefined,
        tone: 'danger',
        icon: 'stop',
      }
    }
    case 'tool_call':
      return {
        title: `${who} called ${readString(data, 'name') || 'a tool'}`,
        detail: compactJson(data.arguments ?? {}, DETAIL_LENGTH),
        tone: 'info',
        icon: 'tool',
      }
    case 'tool_result': {
      const failed = data.error !== undefined && data.error !== null && data.error !== false
      return {
        title: `${readString(data, 'name') || 'Tool'} ${failed ? 'failed' : 'returned'}`,
        detail: compactJson(failed ? data.error : data.result, DETAIL_LENGTH),
        tone: failed ? 'danger' : 'neutral',
        icon: 'tool',
      }
    }
    default:
      return { title: event.type, detail: compactJson(event.data, DETAIL_LENGTH), tone: 'neutral', icon: 'dot' }
  }
}

function describeMcpConnected(data: Record<string, unknown>): EventDescription {
  const server = readString(data, 'serverId') ?? 'server'
  const tools = readStrings(data.tools)
  const onDemand = readStrings(data.onDemandTools)
  const offered = tools.length > 0 ? `${tools.length} tool${tools.length === 1 ? '' : 's'}: ${tools.join(', ')}` : 'no tools'
  return {
    title: `Connected to MCP server ${server}`,
    detail: onDemand.length > 0 ? `${offered}; ${onDemand.length} more on demand: ${onDemand.join(', ')}` : offered,
    tone: 'info',
    icon: 'plug',
  }
}

function readStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function describeTaskStatus(data: Record<string, unknown>): EventDescription {
  const task = readTaskStatus(data)
  if (!task) return { title: 'MCP task status', detail: compactJson(data, DETAIL_LENGTH), tone: 'neutral', icon: 'task' }
  return {
    title: formatTaskStatus(task.toolName, task.status, task.statusMessage, DETAIL_LENGTH),
    detail: `${task.serverName ?? task.serverId} · task ${task.taskId}`,
    tone: TASK_TONES[task.status] ?? 'info',
    icon: 'task',
  }
}

const TASK_TONES: Record<string, EventTone> = {
  working: 'info',
  input_required: 'warning',
  completed: 'success',
  failed: 'danger',
  cancelled: 'warning',
}

function messageDetail(data: Record<string, unknown>): string {
  const text = readString(data, 'message') ?? readString(data, 'error') ?? compactJson(data, DETAIL_LENGTH)
  return truncate(text, DETAIL_LENGTH)
}

function textDetail(text: string): string {
  // Show the end of the text: that is where streaming happens.
  const flat = text.replace(/\s+/g, ' ')
  return flat.length <= DETAIL_LENGTH ? flat : `…${flat.slice(flat.length - DETAIL_LENGTH + 1)}`
}

/**
 * Events that continue the previous row: streamed text of one executor, and the argument
 * fragments of one streamed tool call (same callId).
 */
function foldKey(event: RunEvent): string | null {
  const data = eventRecord(event)
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
