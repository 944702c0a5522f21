/**
 * Responses API stream events → ChatResponseUpdates.
 * Text and reasoning deltas are passed on as they arrive. Function-call arguments arrive as
 * deltas too, but a half-built call is useless to the agent loop, so each call is emitted once,
 * complete, when its item is done (or at the latest when the response completes).
 */
import type { Response as ResponsesResponse, ResponseFunctionToolCall, ResponseStreamEvent } from 'openai/resources/responses/responses'
import type { ChatResponseUpdate, Content, FunctionCallContent } from '../../../types'
import { serviceReportedError } from '../error-mapping'
import type { ToolNameMap } from '../tool-names'
import { responsesFinishReason, responsesUsage } from './response'

interface PendingCall {
  callId: string
  name: string
  arguments: string
}

export class ResponsesStreamTranslator {
  private responseId?: string
  private modelId?: string
  private readonly pendingCalls = new Map<string, PendingCall>()
  private readonly emittedCallIds = new Set<string>()
  /** True once `response.completed` or `response.incomplete` arrived; a stream that ends earlier was cut off. */
  finished = false

  constructor(
    private readonly toolNames: ToolNameMap,
    private readonly clientName: string,
    /** The request asked the service to keep the conversation: the last update names it (the response's id). */
    private readonly stored = false,
  ) {}

  /** The update for one event, or undefined when the event carries nothing for the caller yet. */
  translate(event: ResponseStreamEvent): ChatResponseUpdate | undefined {
    switch (event.type) {
      case 'response.created':
      case 'response.in_progress':
        this.responseId = event.response.id
        this.modelId = event.response.model
        return undefined
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.update([{ type: 'text', text: event.delta }], event.item_id)
      case 'response.reasoning_text.delta':
      case 'response.reasoning_summary_text.delta':
        // No message id: reasoning belongs to the answer message that follows, not a message of its own.
        return this.update([{ type: 'reasoning', text: event.delta }])
      case 'response.output_item.added':
        if (event.item.type === 'function_call') this.trackCall(event.item)
        return undefined
      case 'response.function_call_arguments.delta': {
        const pending = this.pendingCalls.get(event.item_id)
        if (pending) pending.arguments += event.delta
        return undefined
      }
      case 'response.function_call_arguments.done': {
        const pending = this.pendingCalls.get(event.item_id)
        if (pending) pending.arguments = event.arguments
        return undefined
      }
      case 'response.output_item.done':
        if (event.item.type !== 'function_call') return undefined
        return this.callsUpdate([this.completeCall(event.item)])
      case 'response.completed':
      case 'response.incomplete':
        this.finished = true
        return this.finish(event.response)
      case 'response.failed':
        throw serviceReportedError(this.clientName, event.response.error, 'the response failed without details.')
      case 'error':
        throw serviceReportedError(this.clientName, event, 'the stream reported an error.')
      default:
        return undefined
    }
  }

  private trackCall(item: ResponseFunctionToolCall): void {
    this.pendingCalls.set(item.id ?? item.call_id, {
      callId: item.call_id,
      name: item.name,
      arguments: item.arguments ?? '',
    })
  }

  /** The finished item is authoritative; the accumulated deltas stand in when a server omits it. */
  private completeCall(item: ResponseFunctionToolCall): FunctionCallContent {
    const pending = this.pendingCalls.get(item.id ?? item.call_id)
    this.pendingCalls.delete(item.id ?? item.call_id)
    return {
      type: 'function_call',
      callId: item.call_id || pending?.callId || '',
      name: this.toolNames.toLocal(item.name || pending?.name || ''),
      arguments: item.arguments || pending?.arguments || '',
    }
  }

  private finish(response: ResponsesResponse): ChatResponseUpdate {
    this.responseId = response.id ?? this.responseId
    this.modelId = response.model ?? this.modelId
    const lateCalls: FunctionCallContent[] = []
    for (const item of response.output ?? []) {
      if (item.type === 'function_call' && !this.emittedCallIds.has(item.call_id)) lateCalls.push(this.completeCall(item))
    }
    for (const pending of this.pendingCalls.values()) {
      if (this.emittedCallIds.has(pending.callId)) continue
      const name = this.toolNames.toLocal(pending.name)
      lateCalls.push({ type: 'function_call', callId: pending.callId, name, arguments: pending.arguments })
    }
    this.pendingCalls.clear()
    const contents: Content[] = this.markEmitted(lateCalls)
    const usage = responsesUsage(response.usage)
    if (usage) contents.push({ type: 'usage', details: usage })
    const finishReason = responsesFinishReason(response, this.emittedCallIds.size > 0)
    const update = this.update(contents)
    if (finishReason) update.finishReason = finishReason
    if (this.stored && this.responseId !== undefined) update.conversationId = this.responseId
    return update
  }

  private callsUpdate(calls: FunctionCallContent[]): ChatResponseUpdate {
    return this.update(this.markEmitted(calls))
  }

  private markEmitted(calls: FunctionCallContent[]): Content[] {
    for (const call of calls) this.emittedCallIds.add(call.callId)
    return [...calls]
  }

  private update(contents: Content[], messageId?: string): ChatResponseUpdate {
    const update: ChatResponseUpdate = { role: 'assistant', contents }
    if (this.responseId !== undefined) update.responseId = this.responseId
    if (this.modelId !== undefined) update.modelId = this.modelId
    if (messageId !== undefined) update.messageId = messageId
    return update
  }
}
