/**
 * A chat completion's `messages` and `response_format` as one turn, the way a Responses request with
 * `store: false` is read (response-input.ts `unstoredInput`): the user messages after the last assistant
 * message are the turn's text, the user and assistant messages before them its history, and system and
 * developer messages anywhere its instructions.
 *
 * Tool messages and assistant tool calls are refused: the saved agent runs its own tools, so there is no
 * client-side call whose result a client could send back.
 */
import type { ChatResponseFormat, CreateChatCompletionRequest } from '@/lib/contracts/chat-completions'
import type { ResponseInputMessage } from '@/lib/contracts/responses'
import type { ReplyFormat } from '../conversations/turn-document'
import { DomainError, invalidInput, isDomainError } from '../domain-errors'
import { replyFormatOf, unstoredInput, type EarlierMessage, type TurnText } from './response-input'

export interface ChatTurn extends TurnText {
  history: EarlierMessage[]
  replyFormat?: ReplyFormat
}

type Content = Extract<CreateChatCompletionRequest['messages'][number], { role: 'user' }>['content']

const contentText = (content: Content | null | undefined): string =>
  content === null || content === undefined ? '' : typeof content === 'string' ? content : content.map((part) => part.text).join('')

export function chatTurn(request: Pick<CreateChatCompletionRequest, 'messages' | 'response_format'>): ChatTurn {
  const input: Array<{ role: ResponseInputMessage['role']; content: string }> = request.messages.map((message, index) => {
    if (message.role === 'tool' || message.role === 'function') {
      throw invalidInput(
        'unsupported_input',
        `messages.${index}: ${message.role} messages are not taken: the saved agent runs its own tools, so there is no client-side call to answer.`,
        { param: `messages.${index}.role` },
      )
    }
    return { role: message.role, content: contentText(message.content as Content | null | undefined) }
  })
  const lastAnswer = input.findLastIndex((message) => message.role === 'assistant')
  if (!input.slice(lastAnswer + 1).some((message) => message.role === 'user' && message.content.trim() !== '')) {
    throw invalidInput('invalid_request', 'The conversation must end with a user message with text (after the last assistant message).', {
      param: 'messages',
    })
  }
  const replyFormat = chatReplyFormat(request.response_format)
  return { ...unstoredInput({ input }), ...(replyFormat ? { replyFormat } : {}) }
}

/** `response_format` as the turn's reply format, with the errors of `text.format` said of `response_format`. */
function chatReplyFormat(format: ChatResponseFormat | null | undefined): ReplyFormat | undefined {
  if (!format || format.type === 'text') return undefined
  if (format.type === 'json_object') {
    throw invalidInput('format_not_supported', 'response_format json_object is not supported: give a json_schema format with the schema of the reply.', {
      param: 'response_format.type',
    })
  }
  try {
    return replyFormatOf({ text: { format: { type: 'json_schema', ...format.json_schema } } })
  } catch (error) {
    if (!isDomainError(error)) throw error
    throw new DomainError(error.code, error.message.replace('text.format.schema', 'response_format.json_schema.schema'), {
      param: 'response_format.json_schema.schema',
    })
  }
}
