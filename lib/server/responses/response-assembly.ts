/**
 * Builds a Responses `response` object from a run's stored events, and the Responses stream events
 * that lead to it (`response.output_text.delta`, `response.output_item.added`, …) as the events come.
 *
 * - An agent's turn streams its text (`agent_update` events) into one `message` item; a workflow's
 *   text is its outputs, known at its end, so its message comes whole then.
 * - Each tool call becomes a `function_call` item and what it returned a `function_call_output`
 *   item, once its result is stored (so the arguments are whole).
 * - The final text is the run's outputs joined by blank lines (an agent's turn has one: its reply).
 *   When an agent's reply differs from what was streamed (a tool round came between), the
 *   `done` events carry the reply.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import type { ResponseObject, ResponseOutputItem, ResponseStatus } from '@/lib/contracts/responses'
import type { RunStatus, TokenUsage } from '@/lib/contracts/runs'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { FollowEnd } from '../runs/run-follower'

export interface ResponseBase {
  id: string
  /** The run's id: items are named after it. */
  runId: string
  kind: 'agent' | 'workflow'
  createdAt: Date
  model: string
  instructions: string | null
  previousResponseId: string | null
  conversationId: string | null
  metadata: Record<string, string>
}

/** What the run row says once following stopped. */
export interface RunOutcome {
  status: RunStatus
  outputs: unknown
  usage: TokenUsage | null
  error: string | null
}

/** A stream event without its `sequence_number` (the stream numbers them as it sends them). */
export type ResponseStreamEvent = { type: string } & Record<string, unknown>

type Call = { callId: string; name: string; arguments: unknown; output?: string }

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null))

export class ResponseAssembly {
  private readonly calls = new Map<string, Call>()
  /** Output items in the order they were added; the message's place is kept once it opens. */
  private readonly items: ResponseOutputItem[] = []
  private messageIndex: number | undefined
  private streamed = ''
  private approval: ApprovalView | undefined
  private status: ResponseStatus = 'in_progress'
  private usage: ResponseObject['usage'] = null
  private error: ResponseObject['error'] = null
  private incomplete: ResponseObject['incomplete_details'] = null

  constructor(private readonly base: ResponseBase) {}

  private get messageId(): string {
    return `msg_${this.base.runId.replaceAll('-', '')}`
  }

  /** The stream events this run event leads to (none for most). */
  apply(event: RunEvent): ResponseStreamEvent[] {
    const data = (event.data ?? {}) as Record<string, unknown>
    switch (event.type) {
      case 'agent_update':
        if (this.base.kind !== 'agent' || typeof data.text !== 'string' || data.text === '') return []
        return [...this.openMessage(), this.delta(data.text)]
      case 'tool_call':
        return this.toolCall(data)
      case 'tool_result':
        return this.toolResult(data)
      case 'approval_requested':
        this.approval ??= (data as { approval?: ApprovalView }).approval
        return []
      default:
        return []
    }
  }

  /** The closing stream events, once the run ended or parked; the response is then final. */
  finish(end: FollowEnd, run: RunOutcome): ResponseStreamEvent[] {
    const events: ResponseStreamEvent[] = []
    for (const call of this.calls.values()) if (!this.hasItem(call.callId)) events.push(...this.callItems(call))
    const text = finalText(run.outputs) ?? this.streamed
    if (text !== '' || this.messageIndex !== undefined) {
      events.push(...this.openMessage())
      if (text.startsWith(this.streamed) && text.length > this.streamed.length) events.push(this.delta(text.slice(this.streamed.length)))
      events.push(...this.closeMessage(text))
    }
    this.usage = run.usage ? responseUsage(run.usage) : null
    if (run.status === 'succeeded') this.status = 'completed'
    else if (run.status === 'failed') {
      this.status = 'failed'
      this.error = { code: 'run_failed', message: run.error ?? 'The run failed.' }
    } else {
      this.status = 'incomplete'
      this.incomplete = { reason: this.incompleteReason(end, run.status) }
    }
    return events
  }

  response(): ResponseObject {
    const text = this.items.flatMap((item) => (item.type === 'message' ? item.content.map((part) => part.text) : [])).join('')
    return {
      id: this.base.id,
      object: 'response',
      created_at: Math.floor(this.base.createdAt.getTime() / 1000),
      status: this.status,
      model: this.base.model,
      output: structuredClone(this.items),
      output_text: text,
      usage: this.usage,
      error: this.error,
      incomplete_details: this.incomplete,
      instructions: this.base.instructions,
      previous_response_id: this.base.previousResponseId,
      conversation: this.base.conversationId ? { id: this.base.conversationId } : null,
      metadata: this.base.metadata,
      parallel_tool_calls: true,
      tool_choice: 'auto',
      tools: [],
    }
  }

  private incompleteReason(end: FollowEnd, status: RunStatus): string {
    if (status === 'cancelled') return 'run_cancelled: the run was cancelled in the app.'
    const approval = this.approval
    if (end === 'waiting' || status === 'waiting') {
      return approval
        ? `awaiting_approval ${approval.id}: "${approval.title}" waits for an answer in the app (Approvals); the run goes on once it is answered.`
        : 'awaiting_approval: the run waits for an answer in the app (Approvals).'
    }
    return `run_${status}: the run has not finished.`
  }

  private openMessage(): ResponseStreamEvent[] {
    if (this.messageIndex !== undefined) return []
    this.messageIndex = this.items.length
    const part = { type: 'output_text' as const, text: '', annotations: [] as unknown[] }
    const item: ResponseOutputItem = { type: 'message', id: this.messageId, status: 'in_progress', role: 'assistant', content: [part] }
    this.items.push(item)
    return [
      { type: 'response.output_item.added', output_index: this.messageIndex, item: { ...item, content: [] } },
      { type: 'response.content_part.added', item_id: this.messageId, output_index: this.messageIndex, content_index: 0, part: { ...part } },
    ]
  }

  private delta(text: string): ResponseStreamEvent {
    this.streamed += text
    this.messagePart().text = this.streamed
    return { type: 'response.output_text.delta', item_id: this.messageId, output_index: this.messageIndex, content_index: 0, delta: text, logprobs: [] }
  }

  private closeMessage(text: string): ResponseStreamEvent[] {
    const part = this.messagePart()
    part.text = text
    const item = this.items[this.messageIndex!] as Extract<ResponseOutputItem, { type: 'message' }>
    item.status = 'completed'
    const at = { item_id: this.messageId, output_index: this.messageIndex, content_index: 0 }
    return [
      { type: 'response.output_text.done', ...at, text, logprobs: [] },
      { type: 'response.content_part.done', ...at, part: { ...part } },
      { type: 'response.output_item.done', output_index: this.messageIndex, item: structuredClone(item) },
    ]
  }

  private messagePart(): { text: string } {
    return (this.items[this.messageIndex!] as Extract<ResponseOutputItem, { type: 'message' }>).content[0]
  }

  private toolCall(data: Record<string, unknown>): ResponseStreamEvent[] {
    if (typeof data.callId !== 'string') return []
    const known = this.calls.get(data.callId)
    // A call streamed in pieces is stored once per piece: the first names it, and text pieces of its arguments add up.
    if (known) {
      if (typeof data.arguments === 'string' && typeof known.arguments === 'string') known.arguments += data.arguments
      else if (data.arguments !== undefined && data.arguments !== null && data.arguments !== '') known.arguments = data.arguments
      return []
    }
    this.calls.set(data.callId, { callId: data.callId, name: typeof data.name === 'string' ? data.name : '', arguments: data.arguments ?? {} })
    return []
  }

  private toolResult(data: Record<string, unknown>): ResponseStreamEvent[] {
    const call = typeof data.callId === 'string' ? this.calls.get(data.callId) : undefined
    if (!call || this.hasItem(call.callId)) return []
    call.output = data.error !== undefined && data.error !== null ? `Error: ${asText(data.error)}` : asText(data.result)
    return this.callItems(call)
  }

  private hasItem(callId: string): boolean {
    return this.items.some((item) => item.type === 'function_call' && item.call_id === callId)
  }

  /** The call's item (and its output's, when it has one), each added and done at once. */
  private callItems(call: Call): ResponseStreamEvent[] {
    const events: ResponseStreamEvent[] = []
    const id = call.callId.replace(/[^A-Za-z0-9_-]/g, '_')
    const items: ResponseOutputItem[] = [
      { type: 'function_call', id: `fc_${id}`, call_id: call.callId, name: call.name, arguments: asText(call.arguments), status: 'completed' },
    ]
    if (call.output !== undefined) items.push({ type: 'function_call_output', id: `fco_${id}`, call_id: call.callId, output: call.output })
    for (const item of items) {
      const index = this.items.length
      this.items.push(item)
      events.push({ type: 'response.output_item.added', output_index: index, item: structuredClone(item) })
      events.push({ type: 'response.output_item.done', output_index: index, item: structuredClone(item) })
    }
    return events
  }
}

/** The run's outputs as one text (strings as they are, other values as JSON), or undefined when it has none. */
export function finalText(outputs: unknown): string | undefined {
  if (!Array.isArray(outputs) || outputs.length === 0) return undefined
  return outputs.map(asText).join('\n\n')
}

export function responseUsage(usage: TokenUsage): NonNullable<ResponseObject['usage']> {
  const input = usage.inputTokenCount ?? 0
  const output = usage.outputTokenCount ?? 0
  return { input_tokens: input, output_tokens: output, total_tokens: usage.totalTokenCount ?? input + output }
}
