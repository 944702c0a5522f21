/**
 * A Responses request's `input` and `instructions` as one conversation turn: the text sent, and the
 * instructions added for it.
 *
 * - a string is the text;
 * - a list of messages: the user messages' text, joined by blank lines, is the text; system and
 *   developer messages are instructions, after `instructions`. Assistant messages are refused: the
 *   conversation is stored here, so earlier turns are continued with `previous_response_id` or
 *   `conversation` rather than sent again.
 *
 * With `store: false` nothing is kept between requests, so a client sends the conversation so far, as
 * stateless clients do (unstoredInput): the user messages after the last assistant message are the
 * turn's text, and the user and assistant messages before them are its history.
 */
import type { CreateResponseRequest, ResponseInputMessage } from '@/lib/contracts/responses'
import type { ReplyFormat } from '../conversations/turn-document'
import { invalidInput } from '../domain-errors'

export interface TurnText {
  text: string
  /** Undefined when there are none. */
  instructions?: string
}

/** A message said before the turn, sent again by a client that keeps its conversation itself (`store: false`). */
export interface EarlierMessage {
  role: 'user' | 'assistant'
  text: string
}

const contentText = (content: ResponseInputMessage['content']): string => (typeof content === 'string' ? content : content.map((part) => part.text).join(''))

export function responseInput(request: Pick<CreateResponseRequest, 'input' | 'instructions'>): TurnText {
  const instructions = request.instructions?.trim() ? [request.instructions.trim()] : []
  if (typeof request.input === 'string') return { text: request.input, ...joined(instructions) }
  const said: string[] = []
  for (const [index, message] of request.input.entries()) {
    const text = contentText(message.content).trim()
    if (message.role === 'assistant') {
      throw invalidInput(
        'unsupported_input',
        `input.${index}: assistant messages are not taken: the conversation is stored, so continue it with previous_response_id or conversation.`,
        { param: `input.${index}.role` },
      )
    }
    if (message.role === 'user') said.push(text)
    else if (text) instructions.push(text)
  }
  const text = said.filter(Boolean).join('\n\n')
  if (!text) throw invalidInput('invalid_request', 'The input has no user message with text.', { param: 'input' })
  return { text, ...joined(instructions) }
}

function joined(instructions: string[]): { instructions?: string } {
  return instructions.length > 0 ? { instructions: instructions.join('\n\n') } : {}
}

/** `store: false`: the turn's text and instructions, and the user and assistant messages before it. */
export function unstoredInput(request: Pick<CreateResponseRequest, 'input' | 'instructions'>): TurnText & { history: EarlierMessage[] } {
  if (typeof request.input === 'string') return { ...responseInput(request), history: [] }
  const lastAnswer = request.input.findLastIndex((message) => message.role === 'assistant')
  const history: EarlierMessage[] = []
  for (const message of request.input.slice(0, lastAnswer + 1)) {
    const text = contentText(message.content).trim()
    if ((message.role === 'user' || message.role === 'assistant') && text) history.push({ role: message.role, text })
  }
  // System and developer messages anywhere are instructions; what is left after the last answer is the turn.
  const rules = request.input.slice(0, lastAnswer + 1).filter((message) => message.role === 'system' || message.role === 'developer')
  return { ...responseInput({ instructions: request.instructions, input: [...rules, ...request.input.slice(lastAnswer + 1)] }), history }
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
