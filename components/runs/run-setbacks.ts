/**
 * What went wrong in a run that still finished: requests a person denied, and tool calls that
 * failed (an MCP tool whose sampling request was denied fails with the server's own message).
 *
 * The agent is told of a failed call as a function result and carries on (the framework's
 * behaviour: a denied call is a result the model sees), so the engine ends the run succeeded.
 * The person must still see plainly that the outcome rests on a denial: the run page puts these
 * in its status, above its output, with who denied, the reason given and what the server said.
 */
import { approvalReason } from '@/components/approvals/approval-outcome'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { RunEvent } from '@/lib/contracts/run-events'
import { asRecord, eventRecord, readString } from './event-data'

export interface DeniedRequest {
  approval: ApprovalView
  reason: string | null
  /** Who answered, when the server recorded it. */
  decidedBy: string | null
}

export interface FailedToolCall {
  sequence: number
  executorId: string | null
  /** The tool's name, from the call the result answers. */
  name: string
  /** What the tool (an MCP server's reply) said when it failed. */
  message: string
}

export interface RunSetbacks {
  denied: DeniedRequest[]
  failedToolCalls: FailedToolCall[]
}

export function runSetbacks(approvals: readonly ApprovalView[], events: readonly RunEvent[]): RunSetbacks {
  const denied = approvals
    .filter((approval) => approval.status === 'denied')
    .map((approval) => ({ approval, reason: approvalReason(approval.response), decidedBy: readString(approval.response ?? {}, 'decidedBy') ?? null }))
  const toolNames = new Map<string, string>()
  const failedToolCalls: FailedToolCall[] = []
  for (const event of events) {
    const data = eventRecord(event)
    const callId = readString(data, 'callId')
    // A streamed call arrives in pieces under one callId; only the first names the tool.
    const name = readString(data, 'name')
    if (event.type === 'tool_call' && callId && name && !toolNames.has(callId)) toolNames.set(callId, name)
    if (event.type !== 'tool_result') continue
    const message = failureMessage(data.error)
    if (message === null) continue
    failedToolCalls.push({
      sequence: event.sequence,
      executorId: readString(data, 'executorId') ?? null,
      name: (callId && toolNames.get(callId)) || readString(data, 'name') || 'a tool',
      message,
    })
  }
  return { denied, failedToolCalls }
}

function failureMessage(error: unknown): string | null {
  if (error === undefined || error === null || error === false) return null
  if (typeof error === 'string') return error.trim() || 'The tool failed without saying why.'
  const record = asRecord(error)
  return (record && readString(record, 'message')) || JSON.stringify(error)
}

export function hasSetbacks(setbacks: RunSetbacks): boolean {
  return setbacks.denied.length > 0 || setbacks.failedToolCalls.length > 0
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/** "1 request denied, 1 tool call failed"; null when nothing went wrong. */
export function setbackSummary(setbacks: RunSetbacks): string | null {
  const parts: string[] = []
  if (setbacks.denied.length > 0) parts.push(`${count(setbacks.denied.length, 'request', 'requests')} denied`)
  if (setbacks.failedToolCalls.length > 0) parts.push(`${count(setbacks.failedToolCalls.length, 'tool call', 'tool calls')} failed`)
  return parts.length > 0 ? parts.join(', ') : null
}
