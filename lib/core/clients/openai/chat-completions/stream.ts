/**
 * Chat Completions stream chunks → ChatResponseUpdates.
 * Text is passed on as it arrives; tool calls arrive in pieces keyed by `index` (id and name
 * first, then argument fragments) and are emitted once each, complete, when the choice finishes.
 */
import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import type { ChatResponseUpdate, Content, FinishReason, FunctionCallContent } from '../../../types'
import type { ToolNameMap } from '../tool-names'
import { chatCompletionUsage, reasoningOf, toFinishReason } from './response'

interface PendingCall {
  callId: string
  name: string
  arguments: string
}

export class ChatCompletionsStreamTranslator {
  private readonly pendingCalls = new Map<number, PendingCall>()
  private finishReason?: FinishReason
  private streamId = ''

  constructor(private readonly toolNames: ToolNameMap) {}

  /** The update for one chunk, or undefined when the chunk carries nothing for the caller yet. */
  translate(chunk: ChatCompletionChunk): ChatResponseUpdate | undefined {
    if (chunk.id) this.streamId = chunk.id
    const contents: Content[] = []
    const choice = chunk.choices?.[0]
    if (choice) {
      const reasoning = reasoningOf(choice.delta)
      if (reasoning) contents.push({ type: 'reasoning', text: reasoning })
      if (choice.delta.content) contents.push({ type: 'text', text: choice.delta.content })
      if (choice.delta.refusal) contents.push({ type: 'text', text: choice.delta.refusal })
      for (const fragment of choice.delta.tool_calls ?? []) this.collect(fragment)
      if (choice.finish_reason) {
        this.finishReason = toFinishReason(choice.finish_reason)
        contents.push(...this.drainCalls())
      }
    }
    const usage = chatCompletionUsage(chunk.usage)
    if (usage) contents.push({ type: 'usage', details: usage })
    if (contents.length === 0 && !choice?.finish_reason) return undefined
    return this.update(chunk, contents, choice?.finish_reason ? this.finishReason : undefined)
  }

  /** Calls still open when the stream ends (servers that never send a finish_reason). */
  flush(): ChatResponseUpdate | undefined {
    const calls = this.drainCalls()
    if (calls.length === 0) return undefined
    return { role: 'assistant', contents: calls, finishReason: this.finishReason ?? 'tool_calls' }
  }

  private collect(fragment: ChatCompletionChunk.Choice.Delta.ToolCall): void {
    const pending = this.pendingCalls.get(fragment.index) ?? { callId: '', name: '', arguments: '' }
    if (fragment.id) pending.callId = fragment.id
    // OpenAI sends the name whole, once; a few compatible servers repeat it in every fragment.
    if (fragment.function?.name) pending.name = fragment.function.name
    if (fragment.function?.arguments) pending.arguments += fragment.function.arguments
    this.pendingCalls.set(fragment.index, pending)
  }

  private drainCalls(): FunctionCallContent[] {
    const calls = [...this.pendingCalls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]): FunctionCallContent => ({
        type: 'function_call',
        // A call id is what ties the tool result back to the call; some servers leave it out.
        callId: call.callId || `call_${index}_${this.streamId}`,
        name: this.toolNames.toLocal(call.name),
        arguments: call.arguments,
      }))
    this.pendingCalls.clear()
    return calls
  }

  private update(chunk: ChatCompletionChunk, contents: Content[], finishReason?: FinishReason): ChatResponseUpdate {
    const update: ChatResponseUpdate = { role: 'assistant', contents, responseId: chunk.id, messageId: chunk.id }
    if (chunk.model) update.modelId = chunk.model
    if (finishReason) update.finishReason = finishReason
    return update
  }
}
