/**
 * The public chat behind a publication's token (issue #32): people without an account start conversations with
 * the published agent and send it messages, and follow its replies.
 *
 * Every call names the token (unknown, expired or revoked: 404) and counts against the publication's rate limit
 * for the caller's address (429). A visitor is a random id their browser keeps, never an account: a conversation
 * is theirs by its unguessable id and that visitor id together; any other pair is the 404 of a missing one.
 * Their conversations are conversations of the agent's workspace, marked with the publication, so its members
 * see them; a turn is queued by the one conversation path members use (ConversationService.send), run as the
 * person who published it held to that workspace with no more than the runner role (live-publication.ts), and its
 * approvals go to the workspace's approvers as any run's. The visitor's text is the user message
 * and nothing more. Before each turn the publication's tokens today are checked against its daily budget (429).
 */
import { randomUUID } from 'node:crypto'
import type { PublicAgent, VisitorConversationDetail, VisitorMessage } from '@/lib/contracts/publications'
import type { AppContext } from '../app-context'
import { notFound } from '../domain-errors'
import { ConversationService } from '../conversations/conversation-service'
import { runEventStream } from '../runs/events/run-event-stream'
import { CLIENT_ADDRESS_HEADER } from '../client-address'
import { asPublisher, openPublication, publisherRunner, refuseSpentBudget, type LivePublication } from './live-publication'
import { visitorTurnStream } from './visitor-turn-stream'

export type LiveAgentPublication = LivePublication & { agentId: string }

const ACTIVE = ['queued', 'running', 'waiting'] as const

/** Text of a stored message's text contents (tool calls and results are not the visitor's to see). */
function visitorMessage(role: string, json: string): VisitorMessage | undefined {
  if (role !== 'user' && role !== 'assistant') return undefined
  let contents: unknown
  try {
    contents = (JSON.parse(json) as { contents?: unknown }).contents
  } catch {
    return undefined
  }
  if (!Array.isArray(contents)) return undefined
  const text = contents
    .filter((content): content is { type: 'text'; text: string } => content?.type === 'text' && typeof content.text === 'string')
    .map((content) => content.text)
    .join('')
  return text === '' ? undefined : { role, text }
}

export class VisitorChatService {
  constructor(private readonly app: AppContext) {}

  private get prisma() {
    return this.app.db.prisma
  }

  /** The live agent publication behind a token, counted against its rate limit for `address` (404 for any other token). */
  async open(token: string, address: string): Promise<LiveAgentPublication> {
    const { targetId, ...publication } = await openPublication(this.app, token, address, 'agent')
    return { ...publication, agentId: targetId }
  }

  /** The agent's name and description, for the chat page's heading. */
  async agent(publication: LiveAgentPublication): Promise<PublicAgent> {
    const agent = await this.prisma.agent.findUnique({ where: { id: publication.agentId }, select: { name: true, description: true } })
    if (!agent) throw notFound('Published agent')
    return agent
  }

  async start(publication: LiveAgentPublication, visitorId: string): Promise<{ id: string }> {
    const row = await this.prisma.conversation.create({
      data: {
        id: randomUUID(),
        kind: 'conversation',
        agentId: publication.agentId,
        ownerId: null,
        workspaceId: publication.workspaceId,
        publicationId: publication.id,
        visitorId,
        title: '',
      },
      select: { id: true },
    })
    return { id: row.id }
  }

  async get(publication: LiveAgentPublication, visitorId: string, id: string): Promise<VisitorConversationDetail> {
    await this.requireConversation(publication, visitorId, id)
    const [rows, active] = await Promise.all([
      this.app.db.sql.query<{ role: string; message: string }>(
        `SELECT role, message FROM "ChatMessage" WHERE "conversationId" = $1 ORDER BY position DESC LIMIT 200`,
        [id],
      ),
      this.prisma.run.findFirst({ where: { conversationId: id, status: { in: [...ACTIVE] } }, orderBy: { createdAt: 'desc' }, select: { id: true } }),
    ])
    rows.reverse()
    const redactor = await this.app.secretScopes.forConversation(id)
    const messages = rows.flatMap((row) => visitorMessage(row.role, row.message) ?? [])
    return { id, messages: redactor.redactValue(messages), activeRunId: active?.id ?? null }
  }

  /** Queues the reply; 429 `daily_budget_spent` once today's tokens reach the budget, 409 while a reply is written. */
  async send(publication: LiveAgentPublication, visitorId: string, id: string, text: string): Promise<{ runId: string }> {
    await this.requireConversation(publication, visitorId, id)
    await refuseSpentBudget(this.app, publication, 'This agent has answered as much as it may today. Try again tomorrow.')
    const runner = await publisherRunner(this.app, publication, 'Published agent')
    return asPublisher('Published agent', () => new ConversationService(this.app).send(runner, id, text, { runNow: true, visitorId }))
  }

  /** The visitor's view of a turn of their conversation (visitor-turn-stream.ts), from `after`. */
  async events(
    publication: LiveAgentPublication,
    visitorId: string,
    id: string,
    runId: string,
    after: number,
    signal: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>> {
    await this.requireConversation(publication, visitorId, id)
    const run = await this.prisma.run.findFirst({ where: { id: runId, conversationId: id }, select: { id: true } })
    if (!run) throw notFound('Turn', runId)
    return visitorTurnStream(runEventStream(this.app, runId, after, signal))
  }

  private async requireConversation(publication: LiveAgentPublication, visitorId: string, id: string): Promise<void> {
    const found = await this.prisma.conversation.findFirst({
      where: { id, publicationId: publication.id, visitorId, kind: 'conversation' },
      select: { id: true },
    })
    if (!found) throw notFound('Conversation', id)
  }
}

/** The address a visitor's requests are counted under (client-address.ts works it out for every request). */
export function visitorAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'
}
