/**
 * DemoChatClient: an offline, deterministic model, the default when no API key is configured.
 *
 * Rules, checked in this order against the conversation it receives:
 * 1. If the conversation ends with tool results (messages after the last assistant message that carry
 *    `function_result` contents), it answers `Result: ` followed by the results' text, one result per
 *    line, in order (strings as they are, other values as JSON).
 * 2. If the last user message contains lines `/call <toolName> <json-arguments>`, it answers with those
 *    function calls, one per line, in order (arguments passed on verbatim, `{}` when omitted) — unless the
 *    request's toolChoice is 'none', in which case the rules below apply.
 * 3. If the last user message is an evaluation judge's prompt (`<judge-request>`), it answers the judge's JSON
 *    `{"score", "reason"}`, graded deterministically (see demo-judge-reply.ts).
 * 4. Otherwise it answers `Demo reply: ` followed by the first 200 characters of the last user message.
 * A text answer to a request with a JSON responseFormat becomes JSON shaped like the schema, its strings
 * holding that text (see demo-structured-reply.ts). A text answer longer than the request's `maxTokens`
 * (counted as below) is cut after that many tokens and finishes with `length`, as a real model's would.
 *
 * Usage is reported with token counts from a whitespace split: input = instructions plus every message's
 * text, arguments and results; output = the reply's text or call arguments. Streaming yields the same
 * answer in a few chunks (text in up to three pieces, each call's arguments in two) and the usage last.
 * Call ids are `call_<conversation length>_<n>`, so they are stable for the same conversation.
 */
import { throwIfAborted } from '../../errors'
import {
  ChatResponse,
  Message,
  functionCallContent,
  functionResultText,
  textContent,
  usageContent,
  type ChatResponseUpdate,
  type Content,
  type FunctionCallContent,
  type UsageDetails,
} from '../../types'
import { BaseChatClient, type BaseChatClientOptions } from '../base-chat-client'
import type { ChatRequestOptions } from '../chat-client'
import { demoJudgeReply } from './demo-judge-reply'
import { demoStructuredReply } from './demo-structured-reply'

export const DEMO_MODEL_ID = 'demo'
const CALL_LINE = /^\s*\/call\s+(\S+)\s*(.*)$/
const REPLY_PREVIEW_LENGTH = 200

type DemoAnswer = { kind: 'text'; text: string; cut?: boolean } | { kind: 'calls'; calls: FunctionCallContent[] }

export class DemoChatClient extends BaseChatClient {
  /** The model a call names when its options name none: spans and responses say `demo`, as for any provider's model. */
  readonly modelId = DEMO_MODEL_ID
  private readonly tokenCache = new WeakMap<Message, number>()
  /** Running input-token totals per conversation array: an agent run appends to one array, so only new messages are counted. */
  private readonly conversationTotals = new WeakMap<Message[], { counted: number; total: number }>()

  override get providerName(): string {
    return 'agentloom.demo'
  }

  constructor(options: BaseChatClientOptions = {}) {
    super(options)
  }

  protected async innerGetResponse(messages: Message[], options: ChatRequestOptions): Promise<ChatResponse> {
    throwIfAborted(options.signal)
    const answer = decideAnswer(messages, options)
    const contents: Content[] = answer.kind === 'text' ? [textContent(answer.text)] : answer.calls
    return new ChatResponse({
      messages: [new Message({ role: 'assistant', contents, messageId: `demo-msg-${messages.length}` })],
      responseId: `demo-resp-${messages.length}`,
      modelId: options.model ?? DEMO_MODEL_ID,
      finishReason: finishReasonOf(answer),
      usage: this.usage(messages, options, answer),
    })
  }

  protected async *innerGetStreamingResponse(messages: Message[], options: ChatRequestOptions): AsyncGenerator<ChatResponseUpdate> {
    throwIfAborted(options.signal)
    const answer = decideAnswer(messages, options)
    const base = {
      role: 'assistant' as const,
      messageId: `demo-msg-${messages.length}`,
      responseId: `demo-resp-${messages.length}`,
      modelId: options.model ?? DEMO_MODEL_ID,
    }
    for (const contents of chunksOf(answer)) {
      throwIfAborted(options.signal)
      yield { ...base, contents }
    }
    yield {
      ...base,
      contents: [usageContent(this.usage(messages, options, answer))],
      finishReason: finishReasonOf(answer),
    }
  }

  private usage(messages: Message[], options: ChatRequestOptions, answer: DemoAnswer): UsageDetails {
    const input = countTokens(options.instructions ?? '') + this.conversationTokens(messages)
    const output = answer.kind === 'text' ? countTokens(answer.text) : answer.calls.reduce((sum, call) => sum + 1 + countTokens(String(call.arguments)), 0)
    return { inputTokenCount: input, outputTokenCount: output, totalTokenCount: input + output }
  }

  private conversationTokens(messages: Message[]): number {
    let entry = this.conversationTotals.get(messages)
    if (!entry || entry.counted > messages.length) entry = { counted: 0, total: 0 }
    for (let i = entry.counted; i < messages.length; i++) entry.total += this.messageTokens(messages[i])
    entry.counted = messages.length
    this.conversationTotals.set(messages, entry)
    return entry.total
  }

  /** Counted once per message object: the conversation grows by appending, so earlier counts stay valid. */
  private messageTokens(message: Message): number {
    let count = this.tokenCache.get(message)
    if (count === undefined) {
      count = 0
      for (const content of message.contents) count += countTokens(contentText(content))
      this.tokenCache.set(message, count)
    }
    return count
  }
}

function decideAnswer(messages: Message[], options: ChatRequestOptions): DemoAnswer {
  const answer = decidePlainAnswer(messages, options)
  if (answer.kind !== 'text') return answer
  return cutToLimit(demoStructuredReply(options.responseFormat, answer.text) ?? answer.text, options.maxTokens)
}

/** The answer's first `maxTokens` tokens when it has more (a structured reply is cut too, and no longer parses, as a real model's). */
function cutToLimit(text: string, maxTokens: number | undefined): DemoAnswer {
  if (maxTokens === undefined || countTokens(text) <= maxTokens) return { kind: 'text', text }
  return { kind: 'text', text: text.trim().split(/\s+/).slice(0, maxTokens).join(' '), cut: true }
}

function finishReasonOf(answer: DemoAnswer): 'stop' | 'length' | 'tool_calls' {
  if (answer.kind === 'calls') return 'tool_calls'
  return answer.cut ? 'length' : 'stop'
}

function decidePlainAnswer(messages: Message[], options: ChatRequestOptions): DemoAnswer {
  const results = trailingToolResults(messages)
  if (results !== undefined) return { kind: 'text', text: `Result: ${results.join('\n')}` }
  const lastUser = findLast(messages, (m) => m.role === 'user')
  const userText = lastUser?.text ?? ''
  if (options.toolChoice !== 'none') {
    const calls = parseCallLines(userText, messages.length)
    if (calls.length > 0) return { kind: 'calls', calls }
  }
  const judged = demoJudgeReply(userText)
  if (judged !== undefined) return { kind: 'text', text: judged }
  return { kind: 'text', text: `Demo reply: ${userText.slice(0, REPLY_PREVIEW_LENGTH)}` }
}

/** Results' texts when the conversation ends with tool results (after the last assistant message). */
function trailingToolResults(messages: Message[]): string[] | undefined {
  const texts: string[] = []
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message.role === 'assistant') break
    const found: string[] = []
    for (const content of message.contents) if (content.type === 'function_result') found.push(functionResultText(content.result))
    if (found.length === 0) {
      if (texts.length === 0) return undefined
      break
    }
    texts.unshift(...found)
  }
  return texts.length > 0 ? texts : undefined
}

function parseCallLines(text: string, conversationLength: number): FunctionCallContent[] {
  const calls: FunctionCallContent[] = []
  for (const line of text.split('\n')) {
    const match = CALL_LINE.exec(line)
    if (!match) continue
    const args = match[2].trim() === '' ? '{}' : match[2].trim()
    calls.push(functionCallContent(`call_${conversationLength}_${calls.length + 1}`, match[1], args))
  }
  return calls
}

function chunksOf(answer: DemoAnswer): Content[][] {
  if (answer.kind === 'calls') {
    const chunks: Content[][] = []
    for (const call of answer.calls) {
      const args = String(call.arguments)
      const middle = Math.ceil(args.length / 2)
      chunks.push([functionCallContent(call.callId, call.name, args.slice(0, middle))])
      chunks.push([functionCallContent(call.callId, '', args.slice(middle))])
    }
    return chunks
  }
  return splitText(answer.text, 3).map((piece) => [textContent(piece)])
}

/** Up to `parts` pieces on word boundaries, concatenating back to the original text. */
function splitText(text: string, parts: number): string[] {
  const words = text.split(/(?<=\s)/)
  const size = Math.max(1, Math.ceil(words.length / parts))
  const pieces: string[] = []
  for (let i = 0; i < words.length; i += size) pieces.push(words.slice(i, i + size).join(''))
  return pieces.length > 0 ? pieces : ['']
}

function contentText(content: Content): string {
  switch (content.type) {
    case 'text':
    case 'reasoning':
      return content.text
    case 'function_call':
      return `${content.name} ${typeof content.arguments === 'string' ? content.arguments : JSON.stringify(content.arguments)}`
    case 'function_result':
      return functionResultText(content.result)
    default:
      return ''
  }
}

function countTokens(text: string): number {
  let count = 0
  for (const piece of text.split(/\s+/)) if (piece !== '') count++
  return count
}

function findLast<T>(items: readonly T[], predicate: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) if (predicate(items[i])) return items[i]
  return undefined
}
