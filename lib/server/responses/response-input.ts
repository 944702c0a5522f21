/**
 * A Responses request's `input` and `instructions` as one conversation turn: the text sent, the
 * instructions added for it, and the conversation before it when the client sends that again.
 *
 * - a string is the text;
 * - a list of items: the user messages after the last answer (an assistant message or an
 *   `item_reference`), their text joined by blank lines, are the turn; system and developer messages,
 *   wherever they are, are instructions after `instructions`; the user and assistant messages before
 *   them are the conversation so far (`earlier`).
 *
 * Clients send the conversation so far in two ways. Stateless ones send every message again (and must,
 * with `store: false`: unstoredInput). SDKs that keep a stored conversation send the answers they got as
 * this server gave them: the OpenAI Agents SDK as assistant messages with their ids, the AI SDK as
 * `item_reference`s to those ids. The service continues the conversation an answer's id names
 * (responses-service.ts), or starts one with the messages sent.
 */
import type { CreateResponseRequest, ResponseInputItem, ResponseInputMessage } from '@/lib/contracts/responses'
import type { ReplyFormat } from '../conversations/turn-document'
import { invalidInput } from '../domain-errors'

export interface TurnText {
  text: string
  /** Undefined when there are none. */
  instructions?: string
}

/** A message said before the turn, sent again by a client. */
export interface EarlierMessage {
  role: 'user' | 'assistant'
  text: string
}

/** A message before the turn as it was sent: its text (with the id an answer carries), or a reference to an answer by id. */
export type SentBackItem = (EarlierMessage & { id?: string }) | { role: 'assistant'; reference: string; index: number }

/** A stored request's turn and what it sent of the conversation before it. */
export interface StoredTurnInput extends TurnText {
  /** The messages before the turn, oldest first; empty when only the turn was sent. */
  earlier: SentBackItem[]
}

const contentText = (content: ResponseInputMessage['content']): string => (typeof content === 'string' ? content : content.map((part) => part.text).join(''))

const isAnswer = (item: ResponseInputItem) => item.type === 'item_reference' || item.role === 'assistant'
const isRule = (item: ResponseInputItem): item is ResponseInputMessage =>
  item.type !== 'item_reference' && (item.role === 'system' || item.role === 'developer')

/** The turn: the user messages' text, the rules' text as instructions. Items are after the last answer, so none is one. */
function turnOf(instructions: string | null | undefined, items: readonly ResponseInputMessage[]): TurnText {
  const rules = instructions?.trim() ? [instructions.trim()] : []
  const said: string[] = []
  for (const message of items) {
    const text = contentText(message.content).trim()
    if (message.role === 'user') said.push(text)
    else if (text) rules.push(text)
  }
  const text = said.filter(Boolean).join('\n\n')
  if (!text) throw invalidInput('invalid_request', 'The input has no user message with text after the last assistant message.', { param: 'input' })
  return { text, ...(rules.length > 0 ? { instructions: rules.join('\n\n') } : {}) }
}

/** The items before the turn (up to and with the last answer) and the rest: rules anywhere go with the turn. */
function split(input: readonly ResponseInputItem[]) {
  const lastAnswer = input.findLastIndex(isAnswer)
  const before = input.slice(0, lastAnswer + 1).map((item, index) => ({ item, index }))
  const turn = [...before.map(({ item }) => item).filter(isRule), ...(input.slice(lastAnswer + 1) as ResponseInputMessage[])]
  return { before, turn }
}

/** A stored request (the default): the turn, and the conversation before it as the client sent it. */
export function responseInput(request: Pick<CreateResponseRequest, 'input' | 'instructions'>): StoredTurnInput {
  if (typeof request.input === 'string') return { ...turnOf(request.instructions, [{ role: 'user', content: request.input }]), earlier: [] }
  const { before, turn } = split(request.input)
  const earlier: SentBackItem[] = []
  for (const { item, index } of before) {
    if (item.type === 'item_reference') earlier.push({ role: 'assistant', reference: item.id, index })
    else if (item.role === 'user' || item.role === 'assistant') {
      const text = contentText(item.content).trim()
      if (text) earlier.push({ role: item.role, text, ...(item.role === 'assistant' && item.id ? { id: item.id } : {}) })
    }
  }
  return { ...turnOf(request.instructions, turn), earlier }
}

/** `store: false`: the turn's text and instructions, and the user and assistant messages before it (nothing stored is read). */
export function unstoredInput(request: Pick<CreateResponseRequest, 'input' | 'instructions'>): TurnText & { history: EarlierMessage[] } {
  if (typeof request.input === 'string') return { ...turnOf(request.instructions, [{ role: 'user', content: request.input }]), history: [] }
  const reference = request.input.findIndex((item) => item.type === 'item_reference')
  if (reference >= 0) {
    throw invalidInput('unsupported_input', `input.${reference}: store: false reads nothing stored: send the message itself instead of an item_reference.`, {
      param: `input.${reference}`,
    })
  }
  const { before, turn } = split(request.input)
  const history: EarlierMessage[] = []
  for (const { item } of before) {
    if (item.type === 'item_reference' || (item.role !== 'user' && item.role !== 'assistant')) continue
    const text = contentText(item.content).trim()
    if (text) history.push({ role: item.role, text })
  }
  return { ...turnOf(request.instructions, turn), history }
}

/** Longer than an agent's saved structured-output schema may be (lib/graph agent settings). */
const MAX_REPLY_SCHEMA_LENGTH = 50_000

/**
 * `text.format` as the turn's reply format: `json_schema` is the agent's structured output for this turn (its reply is
 * the JSON), `text` the default. `json_object` is refused rather than ignored: agents answer JSON to a schema only.
 */
export function replyFormatOf(request: Pick<CreateResponseRequest, 'text'>): ReplyFormat | undefined {
  const format = request.text?.format
  if (!format || format.type === 'text') return undefined
  if (format.type === 'json_object') {
    throw invalidInput('format_not_supported', 'text.format json_object is not supported: give a json_schema format with the schema of the reply.', {
      param: 'text.format.type',
    })
  }
  if (JSON.stringify(format.schema).length > MAX_REPLY_SCHEMA_LENGTH) {
    throw invalidInput('format_not_supported', `text.format.schema is longer than ${MAX_REPLY_SCHEMA_LENGTH} characters as JSON.`, {
      param: 'text.format.schema',
    })
  }
  return { name: format.name, schema: format.schema }
}
