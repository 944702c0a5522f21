/**
 * Builds a Responses `response` object from a run's stored events, and the Responses stream events
 * that lead to it (`response.output_text.delta`, `response.output_item.added`, …) as the events come.
 *
 * - An agent's turn streams its text (`agent_update` events) into one `message` item; a workflow's
 *   text is its outputs, known at its end, so its message comes whole then.
 * - Tools the agent ran itself are not output items (a `function_call` item asks the client to run
 *   the tool): they are listed in the `agentloom.tool_calls` extension, and each time one returns, a
 *   stream sends `response.in_progress` again with the response so far, an event OpenAI's clients
 *   take as a snapshot and the Agents SDK and AI SDK pass over.
 * - The final text is the run's outputs joined by blank lines (an agent's turn has one: its reply).
 *   When an agent's reply differs from what was streamed (a tool round came between), the
 *   `done` events carry the reply.
 */
import type { RunEvent } from '@/lib/contracts/run-events'
import type { ResponseObject, ResponseOutputItem, ResponseStatus, ServerToolCall } from '@/lib/contracts/responses'
import type { RunStatus, TokenUsage } from '@/lib/contracts/runs'
import type { ApprovalView } from '@/lib/contracts/approvals'
import type { FollowEnd } from '../runs/events/run-follower'

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
  /** Why it failed, when more is known than `run_failed` (an unstored turn that asked a person). */
  errorCode?: string
}

/** A stream event without its `sequence_number` (the stream numbers them as it sends them). */
export type ResponseStreamEvent = { type: string } & Record<string, unknown>

type Call = { callId: string; name: string; arguments: unknown; output?: string; error?: string }

const asText = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value ?? null))

export class ResponseAssembly {
  private readonly calls = new Map<string, Call>()
  /** Output items: the assistant's message, once it opens. */
  private readonly items: ResponseOutputItem[] = []
  private messageIndex: number | undefined
  private streamed = ''
  private approval: ApprovalView | undefined
  private status: ResponseStatus = 'in_progress'
  private usage: ResponseObject['usage'] = null
  private error: ResponseObject['error'] = null
  private incomplete: ResponseObject['incomplete_details'] = null
  /** The agent's reply was cut at its model's token limit (its `agent_response` finished with `length`). */
  private cutAtTokenLimit = false

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
      case 'agent_response':
        // The last one is the turn's answer: the agent's earlier model calls ended in tool calls.
        if (this.base.kind === 'agent') this.cutAtTokenLimit = data.finishReason === 'length'
        return []
      default:
        return []
    }
  }

  /** The closing stream events, once the run ended or parked; the response is then final. */
  finish(end: FollowEnd, run: RunOutcome): ResponseStreamEvent[] {
    const events: ResponseStreamEvent[] = []
    const text = finalText(run.outputs) ?? this.streamed
    if (text !== '' || this.messageIndex !== undefined) {
      events.push(...this.openMessage())
      if (text.startsWith(this.streamed) && text.length > this.streamed.length) events.push(this.delta(text.slice(this.streamed.length)))
      events.push(...this.closeMessage(text))
    }
    this.usage = run.usage ? responseUsage(run.usage) : null
    if (run.status === 'succeeded' && this.cutAtTokenLimit) {
      // OpenAI's answer to a reply cut at max_output_tokens: incomplete, with the text so far.
      this.status = 'incomplete'
      this.incomplete = { reason: 'max_output_tokens' }
    } else if (run.status === 'succeeded') this.status = 'completed'
    else if (run.status === 'failed') {
      this.status = 'failed'
      this.error = { code: run.errorCode ?? 'run_failed', message: run.error ?? 'The run failed.' }
    } else {
      this.status = 'incomplete'
      this.incomplete = { reason: this.incompleteReason(end, run.status) }
    }
    return events
  }

  response(): ResponseObject {
    const text = this.items.flatMap((item) => item.content.map((part) => part.text)).join('')
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
      agentloom: { tool_calls: [...this.calls.values()].map(serverToolCall) },
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
    const item = this.items[this.messageIndex!]
    item.status = 'completed'
    const at = { item_id: this.messageId, output_index: this.messageIndex, content_index: 0 }
    return [
      { type: 'response.output_text.done', ...at, text, logprobs: [] },
      { type: 'response.content_part.done', ...at, part: { ...part } },
      { type: 'response.output_item.done', output_index: this.messageIndex, item: structuredClone(item) },
    ]
  }

  private messagePart(): { text: string } {
    return this.items[this.messageIndex!].content[0]
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

  /** A returned call: a snapshot of the response, so that a stream shows the call's result as it comes. */
  private toolResult(data: Record<string, unknown>): ResponseStreamEvent[] {
    const call = typeof data.callId === 'string' ? this.calls.get(data.callId) : undefined
    if (!call || call.output !== undefined || call.error !== undefined) return []
    if (data.error !== undefined && data.error !== null) call.error = asText(data.error)
    else call.output = asText(data.result)
    return [{ type: 'response.in_progress', response: this.response() }]
  }
}

function serverToolCall(call: Call): ServerToolCall {
  const status = call.error !== undefined ? 'failed' : call.output !== undefined ? 'completed' : 'in_progress'
  return {
    id: `tc_${call.callId.replace(/[^A-Za-z0-9_-]/g, '_')}`,
    call_id: call.callId,
    name: call.name,
    arguments: asText(call.arguments),
    output: call.output ?? null,
    error: call.error ?? null,
    status,
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
