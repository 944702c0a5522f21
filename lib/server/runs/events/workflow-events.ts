/**
 * Maps lib/core workflow events to the run events stored and streamed to browsers: plain JSON,
 * with the engine's own event names. An agent's streamed update is split into what a person
 * follows: its text (`agent_update`), the tools it calls (`tool_call`) and what they return
 * (`tool_result`, with the failure detail the model itself may not be shown).
 */
import { toJSONValue, type Content, type UsageDetails } from '@/lib/core'

export interface RunEventRecord {
  type: string
  data: Record<string, unknown>
  usage?: UsageDetails
}

// Status changes are implied by the run's own events; storing them adds noise, not information.
const SKIPPED = new Set(['status'])

export function toRunEvents(event: unknown): RunEventRecord[] {
  // A skipped event is not copied first (the engine's status events: two of the demo workflow's 29).
  if (SKIPPED.has((event as { type?: unknown } | undefined)?.type as string)) return []
  const json = toJSONValue(event) as Record<string, unknown> | null
  if (!json || typeof json.type !== 'string') return []
  const { type, ...data } = json
  if (type === 'agent_update') return splitAgentUpdate(data)
  const usage = data.usage as UsageDetails | undefined
  return [{ type, data, usage: usage && typeof usage === 'object' ? usage : undefined }]
}

function splitAgentUpdate(data: Record<string, unknown>): RunEventRecord[] {
  const executorId = data.executorId
  const records: RunEventRecord[] = []
  if (typeof data.text === 'string' && data.text.length > 0) records.push({ type: 'agent_update', data: { executorId, text: data.text } })
  for (const content of (data.contents as Content[] | undefined) ?? []) {
    if (content.type === 'function_call') {
      records.push({ type: 'tool_call', data: { executorId, callId: content.callId, name: content.name, arguments: parseArguments(content.arguments) } })
    } else if (content.type === 'function_result') {
      records.push({
        type: 'tool_result',
        data: { executorId, callId: content.callId, result: content.result, ...(content.exception ? { error: content.exception } : {}) },
      })
    } else if (content.type === 'function_approval_request') {
      records.push({ type: 'tool_approval_request', data: { executorId, id: content.id, name: content.functionCall.name } })
    }
  }
  return records
}

/**
 * Whole arguments are a JSON object. A piece of a streamed call that happens to parse alone (`"a b"`, `12`) stays
 * text, so that readers joining the pieces get back what the model sent.
 */
function parseArguments(args: string | Record<string, unknown>): unknown {
  if (typeof args !== 'string') return args
  try {
    const parsed: unknown = JSON.parse(args)
    return typeof parsed === 'object' && parsed !== null ? parsed : args
  } catch {
    return args
  }
}

/**
 * Streamed model text arrives a few characters at a time; storing each piece as its own event
 * would cost a database write per token. Consecutive text of one executor is merged for up to
 * `windowMs` before it is written.
 */
export class AgentTextCoalescer {
  private pending: { executorId: unknown; text: string; since: number } | undefined

  constructor(readonly windowMs = 150) {}

  /** Returns the records to write now, in order. */
  push(record: RunEventRecord, now = Date.now()): RunEventRecord[] {
    if (record.type !== 'agent_update') return [...this.flush(), record]
    const { executorId, text } = record.data as { executorId: unknown; text: string }
    if (this.pending && this.pending.executorId === executorId && now - this.pending.since < this.windowMs) {
      this.pending.text += text
      return []
    }
    const flushed = this.flush()
    this.pending = { executorId, text, since: now }
    return flushed
  }

  /** Text is waiting for the window to close (or for the next event). */
  get holding(): boolean {
    return this.pending !== undefined
  }

  flush(): RunEventRecord[] {
    if (!this.pending) return []
    const { executorId, text } = this.pending
    this.pending = undefined
    return [{ type: 'agent_update', data: { executorId, text } }]
  }
}
