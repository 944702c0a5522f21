/**
 * One run event in words a person reads: a title naming nodes by their titles (never ids or raw
 * payloads), an optional one-line detail, a tone and an icon. Every type of the run-event contract
 * (lib/contracts/run-events.ts) has its line; an unknown type gets a generic one (its type and
 * compact JSON) rather than an error.
 */
import { approvalOutcome } from '@/components/approvals/approval-outcome'
import { MCP_TASK_CANCEL_FAILED_EVENT, MCP_TASK_CANCEL_REQUESTED_EVENT, MCP_TASK_STATUS_EVENT, type RunEvent } from '@/lib/contracts/run-events'
import { APPROVAL_KINDS } from '@/lib/contracts/approval-kinds'
import type { ApprovalView } from '@/lib/contracts/approvals'
import { asRecord, eventRecord, readApproval, readErrorMessage, readNumber, readString } from './event-data'
import { compactJson, formatTaskStatus, truncate } from './format'
import { readTaskRef, readTaskStatus } from './mcp-tasks'

export type EventTone = 'neutral' | 'muted' | 'info' | 'success' | 'warning' | 'danger' | 'accent'
export type EventIcon =
  'queued' | 'play' | 'check' | 'cross' | 'stop' | 'node' | 'text' | 'output' | 'step' | 'warning' | 'approval' | 'plug' | 'tool' | 'task' | 'dot'

export interface EventDescription {
  title: string
  detail?: string
  tone: EventTone
  icon: EventIcon
}

type LabelOf = (executorId: string) => string

const DETAIL_LENGTH = 160

export function describeEvent(event: RunEvent, labelOf: LabelOf): EventDescription {
  const data = eventRecord(event)
  const executor = readString(data, 'executorId')
  const who = executor ? labelOf(executor) : 'A step'
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
      return { title: 'Run failed', detail: errorDetail(data), tone: 'danger', icon: 'cross' }
    case 'run_cancelled':
      return { title: 'Run cancelled', tone: 'warning', icon: 'stop' }
    case 'run_forked':
      return {
        title: `Forked at superstep ${String(data.superstep)}`,
        detail: 'The events above are inherited from the parent run.',
        tone: 'info',
        icon: 'play',
      }
    case 'breakpoint_hit': {
      const nodes = Array.isArray(data.nodeIds) ? data.nodeIds.map((id) => labelOf(String(id))).join(', ') : ''
      const where = data.reason === 'step' ? 'Paused after one step' : `Paused ${String(data.reason)} ${nodes}`
      return { title: where, detail: `At the end of superstep ${String(data.superstep)}`, tone: 'warning', icon: 'stop' }
    }
    case 'breakpoint_resumed':
      return { title: data.action === 'step' ? 'Stepping one superstep' : 'Continued from the breakpoint', tone: 'info', icon: 'play' }
    case 'breakpoint_state_edited':
      return { title: 'State edited while paused', detail: `${Array.isArray(data.edits) ? data.edits.length : 0} edit(s)`, tone: 'info', icon: 'node' }
    case 'started':
      return { title: 'Workflow started', tone: 'muted', icon: 'play' }
    case 'failed':
      return { title: 'Workflow failed', detail: errorDetail(data), tone: 'danger', icon: 'cross' }
    case 'executor_invoked':
      return { title: `${who} started`, tone: 'info', icon: 'node' }
    case 'executor_completed':
      return { title: `${who} completed`, tone: 'success', icon: 'node' }
    case 'executor_failed':
      return { title: `${who} failed`, detail: errorDetail(data), tone: 'danger', icon: 'cross' }
    case 'executor_bypassed':
      return { title: `${who} was skipped`, tone: 'muted', icon: 'node' }
    case 'agent_update':
      return { title: `${who} wrote`, detail: textDetail(readString(data, 'text') ?? ''), tone: 'accent', icon: 'text' }
    case 'agent_response':
      return { title: `${who} replied`, detail: textDetail(readString(data, 'text') ?? ''), tone: 'accent', icon: 'text' }
    case 'output':
      return { title: `Output from ${who}`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'success', icon: 'output' }
    case 'intermediate':
      return { title: `${who} produced an intermediate result`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'neutral', icon: 'output' }
    case 'data':
      return { title: `${who} passed data on`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'muted', icon: 'output' }
    case 'superstep_started':
    case 'superstep_completed': {
      const iteration = readNumber(data, 'iteration')
      const verb = event.type === 'superstep_started' ? 'started' : 'completed'
      return { title: `Superstep${iteration === undefined ? '' : ` ${iteration}`} ${verb}`, tone: 'muted', icon: 'step' }
    }
    case 'warning':
      return { title: executor ? `Warning from ${who}` : 'Warning', detail: errorDetail(data), tone: 'warning', icon: 'warning' }
    case 'error':
      return { title: executor ? `Error in ${who}` : 'Error', detail: errorDetail(data), tone: 'danger', icon: 'warning' }
    case 'request_info':
      return describeRequestInfo(who, asRecord(data.data) ?? {})
    case 'tool_approval_request':
      return { title: `${who} asks to call ${readString(data, 'name') || 'a tool'}`, tone: 'warning', icon: 'approval' }
    case 'group_chat':
      return { title: `${who}: group chat update`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'neutral', icon: 'text' }
    case 'handoff_sent':
      return { title: `${labelOrSomeone(data.source, labelOf)} handed off to ${labelOrSomeone(data.target, labelOf)}`, tone: 'info', icon: 'node' }
    case 'magentic_orchestrator': {
      const step = (readString(data, 'eventType') ?? 'update').replace(/_/g, ' ')
      return { title: `${who} orchestrator: ${step}`, detail: compactJson(data.data, DETAIL_LENGTH), tone: 'neutral', icon: 'step' }
    }
    case 'custom': {
      const name = readString(data, 'name') ?? 'event'
      // A debug run's pinned node (lib/graph/compile/pinned-executor.ts).
      if (name === 'pinned_output') return { title: `${who} used its pinned output`, detail: 'Pinned: the step did not run.', tone: 'info', icon: 'node' }
      return {
        title: executor ? `${who}: ${name}` : name,
        detail: data.data === undefined ? undefined : compactJson(data.data, DETAIL_LENGTH),
        tone: 'neutral',
        icon: 'node',
      }
    }
    case 'conversation_forwarding_failed':
      return { title: 'Forwarding the conversation failed', detail: compactJson(data.errors, DETAIL_LENGTH), tone: 'warning', icon: 'warning' }
    case 'approval_requested':
      return describeApprovalRequested(readApproval(data), labelOf)
    case 'approval_resolved':
      return describeApprovalResolved(readApproval(data))
    case 'approval_escalated': {
      const kind = readString(data, 'kind')
      const noun = kind !== undefined && kind in APPROVAL_KINDS ? APPROVAL_KINDS[kind as keyof typeof APPROVAL_KINDS].noun : 'Approval'
      return { title: `${noun} escalated to the workspace’s owners`, detail: readString(data, 'title') || undefined, tone: 'warning', icon: 'approval' }
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

/** The streamed end of a text on one line: that is where streaming happens. */
export function textDetail(text: string): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length <= DETAIL_LENGTH ? flat : `…${flat.slice(flat.length - DETAIL_LENGTH + 1)}`
}

/** What the workflow engine asks a person (lib/graph human_input, lib/core's function approval request). */
function describeRequestInfo(who: string, request: Record<string, unknown>): EventDescription {
  if (request.type === 'function_approval_request') {
    const call = asRecord(request.functionCall) ?? {}
    return {
      title: `${who} asks to call ${readString(call, 'name') || 'a tool'}`,
      detail: compactJson(call.arguments ?? {}, DETAIL_LENGTH),
      tone: 'warning',
      icon: 'approval',
    }
  }
  const prompt = readString(request, 'prompt')
  return { title: `${who} asks for input`, detail: prompt ? truncate(prompt, DETAIL_LENGTH) : undefined, tone: 'warning', icon: 'approval' }
}

function describeApprovalRequested(approval: ApprovalView | null, labelOf: LabelOf): EventDescription {
  if (!approval) return { title: 'Approval requested', tone: 'warning', icon: 'approval' }
  const who = typeof approval.source === 'string' && approval.source !== '' ? labelOf(approval.source) : 'The run'
  return { title: `${who} ${APPROVAL_KINDS[approval.kind].asksFor}`, detail: approval.title, tone: 'warning', icon: 'approval' }
}

function describeApprovalResolved(approval: ApprovalView | null): EventDescription {
  const outcome = approval ? approvalOutcome(approval) : null
  if (!approval || !outcome) return { title: 'Approval resolved', detail: approval?.title, tone: 'neutral', icon: 'approval' }
  const tone: EventTone = outcome.tone === 'success' ? 'success' : outcome.tone === 'danger' ? 'danger' : 'neutral'
  return { title: `${APPROVAL_KINDS[approval.kind].noun} ${outcome.label.toLowerCase()}`, detail: approval.title, tone, icon: 'approval' }
}

function labelOrSomeone(executorId: unknown, labelOf: LabelOf): string {
  return typeof executorId === 'string' && executorId !== '' ? labelOf(executorId) : 'a step'
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

/** The message of an event's error (or warning); the event's JSON as a last resort. */
function errorDetail(data: Record<string, unknown>): string | undefined {
  const text = readErrorMessage(data)
  if (text !== undefined) return truncate(text, DETAIL_LENGTH)
  return Object.keys(data).length > 0 ? compactJson(data, DETAIL_LENGTH) : undefined
}
