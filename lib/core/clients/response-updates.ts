/**
 * Assembling streamed updates into messages, and splitting a response back into updates.
 * Rules: a new message starts when the role or a (non-empty) messageId changes; consecutive text
 * (and reasoning) chunks are joined; `function_call` chunks with the callId of an earlier call in the
 * same message — or with an empty callId and name — extend that call's arguments; `usage` contents are
 * summed into the usage instead of being kept as message content. Updates are never mutated.
 */
import {
  ChatResponse,
  Message,
  addUsage,
  usageContent,
  type ChatResponseUpdate,
  type Content,
  type FinishReason,
  type FunctionCallContent,
  type Role,
  type UsageDetails,
} from '../types'

export interface UpdateLike {
  role?: Role
  contents: Content[]
  messageId?: string
  authorName?: string
  responseId?: string
  conversationId?: string
  modelId?: string
  finishReason?: FinishReason
}

/** Incremental assembler: feed updates with `add`, read `messages` / `usage` at any time. */
export class UpdateAssembler {
  readonly messages: Message[] = []
  usage: UsageDetails | undefined
  responseId: string | undefined
  conversationId: string | undefined
  modelId: string | undefined
  finishReason: FinishReason | undefined
  private current: Message | undefined

  add(update: UpdateLike): void {
    if (update.responseId) this.responseId = update.responseId
    if (update.conversationId) this.conversationId = update.conversationId
    if (update.modelId) this.modelId = update.modelId
    if (update.finishReason) this.finishReason = update.finishReason
    for (const content of update.contents) {
      if (content.type === 'usage') this.usage = addUsage(this.usage, content.details)
      else this.append(this.messageFor(update), content)
    }
  }

  private messageFor(update: UpdateLike): Message {
    const role = update.role ?? this.current?.role ?? 'assistant'
    const current = this.current
    const startsNew =
      !current ||
      role !== current.role ||
      (update.messageId !== undefined && update.messageId !== '' && current.messageId !== undefined && update.messageId !== current.messageId)
    if (!startsNew) {
      if (current.messageId === undefined && update.messageId) current.messageId = update.messageId
      if (current.authorName === undefined && update.authorName) current.authorName = update.authorName
      return current
    }
    const message = new Message({ role, contents: [], messageId: update.messageId || undefined, authorName: update.authorName })
    this.messages.push(message)
    this.current = message
    return message
  }

  private append(message: Message, content: Content): void {
    const contents = message.contents
    const last = contents[contents.length - 1]
    if ((content.type === 'text' || content.type === 'reasoning') && last?.type === content.type) {
      contents[contents.length - 1] = { ...last, text: last.text + content.text }
      return
    }
    if (content.type === 'function_call') {
      const index = this.callToExtend(contents, content)
      if (index >= 0) {
        contents[index] = mergeCall(contents[index] as FunctionCallContent, content)
        return
      }
    }
    contents.push(content.type === 'text' || content.type === 'reasoning' ? { ...content } : content)
  }

  private callToExtend(contents: Content[], chunk: FunctionCallContent): number {
    if (!chunk.callId && !chunk.name) {
      const lastIndex = contents.length - 1
      return contents[lastIndex]?.type === 'function_call' ? lastIndex : -1
    }
    if (!chunk.callId) return -1
    for (let i = contents.length - 1; i >= 0; i--) {
      const content = contents[i]
      if (content.type === 'function_call' && content.callId === chunk.callId) return i
    }
    return -1
  }
}

function mergeCall(base: FunctionCallContent, chunk: FunctionCallContent): FunctionCallContent {
  const args =
    typeof base.arguments === 'string' && typeof chunk.arguments === 'string'
      ? base.arguments + chunk.arguments
      : typeof chunk.arguments === 'string' && chunk.arguments === ''
        ? base.arguments
        : chunk.arguments
  return { ...base, name: base.name || chunk.name, arguments: args }
}

export function chatResponseFromUpdates(updates: Iterable<ChatResponseUpdate>): ChatResponse {
  const assembler = new UpdateAssembler()
  for (const update of updates) assembler.add(update)
  return assembledChatResponse(assembler)
}

export function assembledChatResponse(assembler: UpdateAssembler): ChatResponse {
  return new ChatResponse({
    messages: assembler.messages,
    usage: assembler.usage,
    responseId: assembler.responseId,
    conversationId: assembler.conversationId,
    modelId: assembler.modelId,
    finishReason: assembler.finishReason,
  })
}

/** One update per message; the usage rides on the last one. */
export function chatResponseToUpdates(response: ChatResponse): ChatResponseUpdate[] {
  const updates: ChatResponseUpdate[] = response.messages.map((message) => ({
    role: message.role,
    contents: [...message.contents],
    messageId: message.messageId,
    authorName: message.authorName,
    responseId: response.responseId,
    conversationId: response.conversationId,
    modelId: response.modelId,
  }))
  if (response.usage) {
    if (updates.length === 0) updates.push({ role: 'assistant', contents: [] })
    updates[updates.length - 1].contents.push(usageContent(response.usage))
  }
  if (response.finishReason && updates.length > 0) updates[updates.length - 1].finishReason = response.finishReason
  return updates
}
