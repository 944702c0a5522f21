/**
 * Maps lib/core workflow events to the run events stored and streamed to browsers: plain JSON,
 * with the engine's own event names. An agent's streamed update is split into what a person
 * follows: its text (`agent_update`), the tools it calls (`tool_call`) and what they return
 * (`tool_result`, with the failure detail the model itself may not be shown).
 */
import { toJSONValue, type AgentUpdateEvent, type UsageDetails } from '@/lib/core'

export interface RunEventRecord {
  type: string
  data: Record<string, unknown>
  usage?: UsageDetails
}

// Status changes are implied by the run's own events; storing them adds noise, not information.
const SKIPPED = new Set(['status'])

export function toRunEvents(event: unknown): RunEventRecord[] {
  const type = (event as { type?: unknown } | undefined)?.type
  // A skipped event is not copied first (the engine's status events: two of the demo workflow's 29).
  if (SKIPPED.has(type as string)) return []
  // Most of a turn's events are streamed pieces of text: only what is kept of them is copied.
  if (type === 'agent_update') return splitAgentUpdate(event as AgentUpdateEvent)
  const json = toJSONValue(event) as Record<string, unknown> | null
  if (!json || typeof json.type !== 'string') return []
  const { type: name, ...data } = json
  const usage = data.usage as UsageDetails | undefined
  return [{ type: name, data, usage: usage && typeof usage === 'object' ? usage : undefined }]
}

function splitAgentUpdate(update: AgentUpdateEvent): RunEventRecord[] {
  const executorId = jsonField(update.executorId)
  const records: RunEventRecord[] = []
  if (typeof update.text === 'string' && update.text.length > 0) records.push({ type: 'agent_update', data: { executorId, text: update.text } })
  for (const content of Array.isArray(update.contents) ? update.contents : []) {
    if (content?.type === 'function_call') {
      records.push({
        type: 'tool_call',
        data: {
          executorId,
          callId: jsonField(content.callId),
          name: jsonField(content.name),
          arguments: parseArguments(jsonField(content.arguments) as string | Record<string, unknown>),
        },
      })
    } else if (content?.type === 'function_result') {
      records.push({
        type: 'tool_result',
        data: {
          executorId,
          callId: jsonField(content.callId),
          result: jsonField(content.result),
          ...(content.exception ? { error: jsonField(content.exception) } : {}),
        },
      })
    } else if (content?.type === 'function_approval_request') {
      records.push({ type: 'tool_approval_request', data: { executorId, id: jsonField(content.id), name: jsonField(content.functionCall?.name) } })
    }
  }
  return records
}

/** A field as a whole event's JSON copy has it: absent when undefined, a function or a symbol; else its JSON value. */
function jsonField(value: unknown): unknown {
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return undefined
  return typeof value === 'string' ? value : toJSONValue(value)
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
