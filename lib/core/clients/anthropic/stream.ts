/**
 * Messages API stream events → ChatResponseUpdates. Text and thinking deltas pass on as they arrive;
 * a `tool_use` block's input arrives as `input_json_delta` fragments and is emitted once, complete,
 * at its `content_block_stop`. `message_start` carries the input usage, `message_delta` the stop
 * reason and the output usage (cumulative), so usage is reported once, at the end.
 */
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages/messages'
import type { ChatResponseUpdate, Content, FinishReason } from '../../types'
import type { ToolNameMap } from '../openai/tool-names'
import { anthropicUsage, toFinishReason, type AnthropicWireUsage } from './response'

interface PendingToolUse {
  callId: string
  name: string
  json: string
}

export class AnthropicStreamTranslator {
  private readonly pending = new Map<number, PendingToolUse>()
  private usage: AnthropicWireUsage = {}
  private messageId?: string
  private modelId?: string
  private finishReason?: FinishReason

  constructor(private readonly toolNames: ToolNameMap) {}

  translate(event: RawMessageStreamEvent): ChatResponseUpdate | undefined {
    switch (event.type) {
      case 'message_start':
        this.messageId = event.message.id
        this.modelId = event.message.model
        this.usage = { ...event.message.usage }
        return undefined
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          const block = event.content_block
          // The start block may carry the whole input already (then no deltas follow).
          const json = block.input && Object.keys(block.input).length > 0 ? JSON.stringify(block.input) : ''
          this.pending.set(event.index, { callId: block.id, name: block.name, json })
        } else if (event.content_block.type === 'text' && event.content_block.text) {
          return this.update([{ type: 'text', text: event.content_block.text }])
        }
        return undefined
      case 'content_block_delta': {
        const delta = event.delta
        if (delta.type === 'text_delta') return this.update([{ type: 'text', text: delta.text }])
        if (delta.type === 'thinking_delta') return this.update([{ type: 'reasoning', text: delta.thinking }])
        if (delta.type === 'input_json_delta') {
          const call = this.pending.get(event.index)
          if (call) call.json += delta.partial_json
        }
        return undefined
      }
      case 'content_block_stop': {
        const call = this.pending.get(event.index)
        if (!call) return undefined
        this.pending.delete(event.index)
        return this.update([{ type: 'function_call', callId: call.callId, name: this.toolNames.toLocal(call.name), arguments: call.json || '{}' }])
      }
      case 'message_delta': {
        this.finishReason = toFinishReason(event.delta.stop_reason)
        const usage = event.usage
        if (usage.output_tokens !== undefined && usage.output_tokens !== null) this.usage.output_tokens = usage.output_tokens
        if (typeof usage.input_tokens === 'number') this.usage.input_tokens = usage.input_tokens
        if (typeof usage.cache_read_input_tokens === 'number') this.usage.cache_read_input_tokens = usage.cache_read_input_tokens
        if (typeof usage.cache_creation_input_tokens === 'number') this.usage.cache_creation_input_tokens = usage.cache_creation_input_tokens
        return undefined
      }
      case 'message_stop': {
        const details = anthropicUsage(this.usage)
        const contents: Content[] = details ? [{ type: 'usage', details }] : []
        const update = this.update(contents)
        if (this.finishReason) update.finishReason = this.finishReason
        return update
      }
      default:
        return undefined
    }
  }

  private update(contents: Content[]): ChatResponseUpdate {
    const update: ChatResponseUpdate = { role: 'assistant', contents }
    if (this.messageId) {
      update.responseId = this.messageId
      update.messageId = this.messageId
    }
    if (this.modelId) update.modelId = this.modelId
    return update
  }
}
