/**
 * What one node of a run received and produced, read from the run's stored events: each
 * invocation's input message (`executor_invoked`) and the messages it sent on (`executor_completed`),
 * its agents' replies (`agent_response`), the tools they called and what came back, the outputs it
 * yielded and its errors. Inner executors of an orchestration (`<nodeId>/<participant>`) count as
 * their node. Pure, so the side panel is a view of this and the tests need no browser.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { eventRecord, nodeIdForExecutor, readErrorMessage, readString } from './event-data'

export interface NodeInvocation {
  executorId: string
  startedAt: string
  finishedAt: string | null
  /** The message the invocation handled. */
  received: unknown
  /** The messages it sent on, once it completed (undefined while running, or when it sent none). */
  sent: unknown
}

export interface NodeReply {
  executorId: string
  createdAt: string
  text: string
}

export interface NodeToolCall {
  executorId: string
  callId: string | undefined
  name: string
  arguments: unknown
  /** Set once the tool returned (or failed). */
  result?: unknown
  error?: unknown
}

export interface NodeActivity {
  invocations: NodeInvocation[]
  replies: NodeReply[]
  toolCalls: NodeToolCall[]
  outputs: unknown[]
  errors: string[]
}

export function emptyActivity(): NodeActivity {
  return { invocations: [], replies: [], toolCalls: [], outputs: [], errors: [] }
}

export function nodeActivity(events: readonly RunEvent[], nodeId: string, nodeIds: readonly string[]): NodeActivity {
  const activity = emptyActivity()
  // An executor's invocations complete in the order they started (one at a time per executor).
  const open = new Map<string, NodeInvocation[]>()
  const calls = new Map<string, NodeToolCall>()
  for (const event of events) {
    const data = eventRecord(event)
    const executorId = readString(data, 'executorId')
    if (!executorId || nodeIdForExecutor(executorId, nodeIds) !== nodeId) continue
    switch (event.type) {
      case 'executor_invoked': {
        const invocation: NodeInvocation = { executorId, startedAt: event.createdAt, finishedAt: null, received: data.data, sent: undefined }
        activity.invocations.push(invocation)
        open.set(executorId, [...(open.get(executorId) ?? []), invocation])
        break
      }
      case 'executor_completed': {
        const [invocation, ...rest] = open.get(executorId) ?? []
        if (!invocation) break
        open.set(executorId, rest)
        invocation.finishedAt = event.createdAt
        invocation.sent = data.data
        break
      }
      case 'agent_response':
        activity.replies.push({ executorId, createdAt: event.createdAt, text: readString(data, 'text') ?? '' })
        break
      case 'tool_call': {
        const callId = readString(data, 'callId')
        const existing = callId ? calls.get(callId) : undefined
        // Streamed calls arrive in fragments with one callId: the newest carries the whole call.
        if (existing) {
          existing.name = readString(data, 'name') || existing.name
          existing.arguments = data.arguments ?? existing.arguments
          break
        }
        const call: NodeToolCall = { executorId, callId, name: readString(data, 'name') || 'tool', arguments: data.arguments }
        activity.toolCalls.push(call)
        if (callId) calls.set(callId, call)
        break
      }
      case 'tool_result': {
        const callId = readString(data, 'callId')
        const call = callId ? calls.get(callId) : undefined
        if (!call) break
        if (data.error !== undefined && data.error !== null && data.error !== false) call.error = data.error
        else call.result = data.result
        break
      }
      case 'output':
        activity.outputs.push(data.data)
        break
      case 'executor_failed':
      case 'error': {
        const message = readErrorMessage(data)
        if (message) activity.errors.push(message)
        break
      }
    }
  }
  return activity
}

export function hasActivity(activity: NodeActivity): boolean {
  return Object.values(activity).some((list) => list.length > 0)
}
