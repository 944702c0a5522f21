/**
 * Forwarding a run's conversation to the threat-protection endpoint after each agent turn — a
 * per-workflow setting. The setting itself (enabled, endpoint, timeout) holds no secrets, so it can
 * live in the workflow document; credentials come from the server (`headers` of the dependencies)
 * and go only to the server's own endpoint: a workflow that names an endpoint on another origin
 * gets its conversation sent there without them (anyone who can edit a workflow can name one).
 *
 * The run executor creates one RunConversationForwarder per run and hands it every workflow
 * event; after each `agent_response` it sends the conversation so far (the run's input as the
 * user message, then every agent's answers). Failures are result values and never stop the run.
 */
import { randomUUID } from 'node:crypto'
import { Message, type Logger } from '@/lib/core'
import type { ConversationForwardingSettings } from '@/lib/contracts/workflows'
import { sendChatHistoryMessages, type OperationResult } from './chat-history'

export interface ConversationForwardingDependencies {
  /** Used when the setting names no endpoint (e.g. from AGENTLOOM_THREAT_PROTECTION_URL). */
  defaultEndpoint?: string
  /**
   * Credentials for the default endpoint; never stored in the workflow. Sent only when the
   * endpoint used has the default endpoint's origin.
   */
  headers?: Readonly<Record<string, string>>
  fetch?: typeof fetch
  logger?: Pick<Logger, 'warn' | 'debug'>
  /** Cuts configured secrets out of an agent's answer (which may quote a tool's result) before it is sent. */
  redact?: (text: string) => Promise<string>
}

export interface RunTurn {
  runId: string
  /** The conversation so far, oldest first. */
  conversation: readonly Message[]
  /** The id of the message that ended the turn (default: the last message's id, or a new UUID). */
  turnMessageId?: string
}

/** Sends one turn's conversation; undefined when forwarding is off or has no endpoint. */
export async function forwardRunConversation(
  turn: RunTurn,
  settings: ConversationForwardingSettings,
  deps: ConversationForwardingDependencies = {},
): Promise<OperationResult | undefined> {
  if (!settings.enabled) return undefined
  const endpoint = settings.endpoint ?? deps.defaultEndpoint
  if (!endpoint) {
    deps.logger?.warn('Conversation forwarding is on, but no threat-protection endpoint is configured.')
    return undefined
  }
  const last = turn.conversation[turn.conversation.length - 1]
  const lastUser = [...turn.conversation].reverse().find((m) => m.role === 'user')
  return sendChatHistoryMessages(
    turn.conversation,
    { conversationId: turn.runId, messageId: turn.turnMessageId ?? last?.messageId ?? randomUUID(), userMessage: lastUser?.text ?? '' },
    { endpoint, headers: credentialsFor(endpoint, deps), timeoutMs: settings.timeoutMs, fetch: deps.fetch, logger: deps.logger },
  )
}

function originOf(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined
  const { origin } = new URL(url)
  // Opaque origins (data:, file:, …) are all "null", which says nothing about who answers.
  return origin === 'null' ? undefined : origin
}

/** The server's credentials when `endpoint` is on the default endpoint's origin; none otherwise. */
function credentialsFor(endpoint: string, deps: ConversationForwardingDependencies): Readonly<Record<string, string>> | undefined {
  if (!deps.headers || Object.keys(deps.headers).length === 0) return undefined
  const origin = originOf(endpoint)
  if (origin !== undefined && origin === originOf(deps.defaultEndpoint)) return deps.headers
  deps.logger?.warn(
    `Conversation forwarding goes to ${withoutQuery(endpoint)}, which is not on the configured threat-protection origin; it is sent without the server's credentials.`,
  )
  return undefined
}

/** The URL for a log line: origin and path, without a query string or fragment that may carry a token. */
function withoutQuery(url: string): string {
  if (!URL.canParse(url)) return 'an endpoint that is not a valid URL'
  const parsed = new URL(url)
  return `${parsed.origin}${parsed.pathname}`
}

/** Collects a run's conversation from its workflow events and forwards it after every agent turn. */
export class RunConversationForwarder {
  private readonly conversation: Message[]
  readonly results: OperationResult[] = []

  constructor(
    private readonly runId: string,
    input: unknown,
    private readonly settings: ConversationForwardingSettings,
    private readonly deps: ConversationForwardingDependencies = {},
  ) {
    const text = typeof input === 'string' ? input : JSON.stringify(input ?? '')
    this.conversation = [new Message({ role: 'user', text, messageId: `${runId}:input` })]
  }

  get enabled(): boolean {
    return this.settings.enabled
  }

  /** Feed every workflow event; returns the forwarding result after an agent turn. */
  async onWorkflowEvent(event: unknown): Promise<OperationResult | undefined> {
    if (!this.settings.enabled || !isAgentResponse(event)) return undefined
    const text = this.deps.redact ? await this.deps.redact(event.text) : event.text
    const message = new Message({ role: 'assistant', text, authorName: event.executorId, messageId: randomUUID() })
    this.conversation.push(message)
    const result = await forwardRunConversation(
      { runId: this.runId, conversation: this.conversation, turnMessageId: message.messageId },
      this.settings,
      this.deps,
    )
    if (result) this.results.push(result)
    return result
  }
}

function isAgentResponse(event: unknown): event is { type: 'agent_response'; executorId: string; text: string } {
  const candidate = event as { type?: unknown; executorId?: unknown; text?: unknown } | null
  return candidate?.type === 'agent_response' && typeof candidate.executorId === 'string' && typeof candidate.text === 'string'
}
