/**
 * Sending a conversation to a real-time threat-protection endpoint. Messages become
 * `{ id, role, content, timestamp }`: messages without a role are skipped (logged at warn), so are
 * messages whose text is empty or only whitespace; a message without an id gets a random UUID.
 * When nothing is left the call succeeds without a request. Otherwise it posts
 * `{ conversationId, messageId, userMessage, chatHistory }`. HTTP errors, network failures and
 * timeouts come back as a failed OperationResult — this never throws for them. An HTTP error keeps
 * only the status and its status text, never the response body: results end up in run events that
 * shared pages show, and an endpoint named by a workflow could be any internal service.
 *
 *   const result = await sendChatHistoryMessages(messages, { conversationId, messageId, userMessage }, { endpoint })
 *   if (!result.succeeded) log(result.errors)
 */
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { UserError, type Logger, type Message } from '@/lib/core'
import { agentloomUserAgent } from '../agentloom-version'

/** The path of the chat-message endpoint under a threat-protection service's base URL. */
export const THREAT_PROTECTION_CHAT_MESSAGE_PATH = '/agents/real-time-threat-protection/chat-message'

export function threatProtectionEndpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}${THREAT_PROTECTION_CHAT_MESSAGE_PATH}`
}

export interface ChatHistoryMessage {
  id: string
  role: string
  content: string
  /** ISO 8601, UTC. */
  timestamp: string
}

/** The turn the history belongs to. */
export interface ChatHistoryContext {
  conversationId: string
  messageId: string
  userMessage: string
}

export interface ChatHistoryOptions {
  /** The full URL of the chat-message endpoint (see threatProtectionEndpoint). */
  endpoint: string | URL
  /** Extra request headers, e.g. an Authorization. */
  headers?: Readonly<Record<string, string>>
  /** Default 10 s. */
  timeoutMs?: number
  fetch?: typeof fetch
  logger?: Pick<Logger, 'warn' | 'debug'>
  /** The clock for timestamps (tests). */
  now?: () => Date
}

export type OperationErrorCode = 'http_error' | 'network_error' | 'timeout' | 'invalid_endpoint'

export interface OperationError {
  code: OperationErrorCode
  message: string
  /** The HTTP status for http_error. */
  status?: number
}

export type OperationResult = { succeeded: true; errors: [] } | { succeeded: false; errors: OperationError[] }

const succeeded = (): OperationResult => ({ succeeded: true, errors: [] })
const failed = (error: OperationError): OperationResult => ({ succeeded: false, errors: [error] })

const contextSchema = z.object({
  conversationId: z.string().min(1),
  messageId: z.string().min(1),
  userMessage: z.string(),
})

const DEFAULT_TIMEOUT_MS = 10_000
/** A status text is one short phrase; anything longer is not worth repeating. */
const STATUS_TEXT_LENGTH = 100

/** The messages worth sending, converted; see the module comment for what is skipped. */
export function toChatHistoryMessages(messages: readonly Message[], options: Pick<ChatHistoryOptions, 'logger' | 'now'> = {}): ChatHistoryMessage[] {
  const now = options.now ?? (() => new Date())
  const history: ChatHistoryMessage[] = []
  messages.forEach((message, index) => {
    if (!message || !message.role) {
      options.logger?.warn(`Skipping chat message ${index}: it has no role.`)
      return
    }
    const content = message.text
    if (content.trim() === '') {
      options.logger?.debug(`Skipping chat message ${index}: it has no text.`)
      return
    }
    history.push({ id: message.messageId || randomUUID(), role: message.role, content, timestamp: now().toISOString() })
  })
  return history
}

export async function sendChatHistoryMessages(
  messages: readonly Message[],
  context: ChatHistoryContext,
  options: ChatHistoryOptions,
): Promise<OperationResult> {
  if (!Array.isArray(messages)) throw new ChatHistoryArgumentError('chatMessages must be a list of messages.')
  const parsedContext = contextSchema.safeParse(context)
  if (!parsedContext.success) {
    throw new ChatHistoryArgumentError(
      `The chat history context needs conversationId, messageId and userMessage: ${parsedContext.error.issues.map((i) => i.path.join('.')).join(', ')}.`,
    )
  }
  if (!options || options.endpoint === undefined) throw new ChatHistoryArgumentError('sendChatHistoryMessages needs options.endpoint.')

  const chatHistory = toChatHistoryMessages(messages, options)
  if (chatHistory.length === 0) return succeeded()

  let endpoint: URL
  try {
    endpoint = new URL(options.endpoint)
  } catch {
    return failed({ code: 'invalid_endpoint', message: `The threat-protection endpoint '${String(options.endpoint)}' is not a valid URL.` })
  }
  const body = JSON.stringify({ ...parsedContext.data, chatHistory })
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': agentloomUserAgent(), ...options.headers },
      body,
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (error) {
    const isTimeout = (error as Error)?.name === 'TimeoutError'
    const result = isTimeout
      ? failed({ code: 'timeout', message: `The threat-protection endpoint did not answer within ${timeoutMs} ms.` })
      : failed({ code: 'network_error', message: `Could not reach the threat-protection endpoint: ${describe(error)}` })
    options.logger?.warn(`Sending chat history failed: ${result.errors[0]?.message}`)
    return result
  }
  if (response.ok) {
    await response.body?.cancel().catch(() => undefined)
    return succeeded()
  }
  await response.body?.cancel().catch(() => undefined)
  options.logger?.warn(`Sending chat history failed with HTTP ${response.status}.`)
  const statusText = response.statusText.trim().slice(0, STATUS_TEXT_LENGTH)
  return failed({ code: 'http_error', status: response.status, message: `HTTP ${response.status}${statusText ? ` ${statusText}` : ''}` })
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as { cause?: unknown }).cause
  return cause instanceof Error ? `${error.message} (${cause.message})` : error.message
}

/** sendChatHistoryMessages was called without messages or without a complete context. */
export class ChatHistoryArgumentError extends UserError {
  override readonly code: string = 'chat_history_invalid_arguments'
}
