/**
 * What a chat turn shows while it is written, read from its run's events in order: the reply's text
 * as it streams, each tool call the moment the model emits it (its name, then its arguments as they
 * arrive), the task status of a long-running MCP tool, and the tool's result when it returns, with
 * the text after it in a part of its own. Pure, so the view is a map over this and the tests need
 * no browser.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import { eventRecord, readString } from '@/components/runs/event-data'
import { readTaskStatus, type TaskStatus } from '@/components/runs/mcp-tasks'

export interface TurnText {
  kind: 'text'
  text: string
}

export interface TurnToolCall {
  kind: 'tool'
  callId: string
  name: string
  /** The arguments' JSON text as far as it has arrived (streamed calls come in pieces). */
  arguments: string
  /** The status an MCP tool that runs as a task last reported. */
  task?: TaskStatus
  /** Set once the tool returned; `error` when it failed. */
  result?: { value: unknown; error?: unknown }
}

export type TurnPart = TurnText | TurnToolCall

/** A piece of arguments as stored: the run log parses a piece that is JSON on its own, so it is put back into text. */
function argumentText(value: unknown): string {
  if (value === undefined || value === null) return ''
  return typeof value === 'string' ? value : JSON.stringify(value)
}

export function turnTimeline(events: readonly RunEvent[]): TurnPart[] {
  const parts: TurnPart[] = []
  const calls = new Map<string, TurnToolCall>()
  for (const event of events) {
    const data = eventRecord(event)
    switch (event.type) {
      case 'agent_update': {
        const text = readString(data, 'text') ?? ''
        if (text === '') break
        const last = parts[parts.length - 1]
        if (last?.kind === 'text') last.text += text
        else parts.push({ kind: 'text', text })
        break
      }
      case 'tool_call': {
        const callId = readString(data, 'callId') ?? `call-${calls.size}`
        const name = readString(data, 'name') ?? ''
        const known = calls.get(callId)
        if (known) {
          // Only the first piece of a streamed call names it; a client that sends the call whole sends it once.
          if (name !== '' && known.name === '') known.name = name
          known.arguments += argumentText(data.arguments)
          break
        }
        const call: TurnToolCall = { kind: 'tool', callId, name, arguments: argumentText(data.arguments) }
        calls.set(callId, call)
        parts.push(call)
        break
      }
      case 'mcp_task_status': {
        const call = calls.get(readString(data, 'callId') ?? '')
        const status = readTaskStatus(data)
        if (call && status) call.task = status
        break
      }
      case 'tool_result': {
        const call = calls.get(readString(data, 'callId') ?? '')
        if (!call) break
        const failed = data.error !== undefined && data.error !== null && data.error !== false
        call.result = failed ? { value: data.result, error: data.error } : { value: data.result }
        break
      }
    }
  }
  return parts
}
