/**
 * The stored conversation a turn's agent talks in: the Conversation row (its service session id and
 * provider state) and its ChatMessage rows through PostgresHistoryProvider, opened as lib/core's in-memory
 * AgentSession whose sessionId is the conversation's id.
 *
 * The service session id (where the conversation the Responses service keeps stands) is used only
 * while the agent keeps its conversation there: with the setting off, or a model API that keeps
 * nothing, it is forgotten, and the whole local history is sent again (a chain resumed later would
 * miss the turns in between).
 */
import { AgentSession, type HistoryWindow } from '@/lib/core'
import { keepsConversationOnService, type AgentConversation, type AgentSettings } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { jsonbSafeText } from '../db/jsonb'
import { NO_SECRETS, type SecretRedactor } from '../secrets/redaction'
import { PostgresHistoryProvider } from './postgres-history-provider'

export async function openAgentConversation(
  app: AppContext,
  conversationId: string,
  startLength: number,
  agent: Pick<AgentSettings, 'historyWindow' | 'keepConversationOnService' | 'model'> | undefined,
  /** The run's secrets, cut out of what is stored (messages and the providers' state). */
  redactor: SecretRedactor = NO_SECRETS,
): Promise<AgentConversation & { save(): Promise<void> }> {
  // On the turn's path: prepared statements, not Prisma (BENCHMARKS.md, "Server overhead per chat turn").
  const [row] = await app.db.sql.query<{ serviceSessionId: string | null; state: unknown }>(
    `SELECT "serviceSessionId", state FROM "Conversation" WHERE id = $1`,
    [conversationId],
  )
  const state = (row?.state ?? {}) as Record<string, unknown>
  const window = historyWindowOf(agent)
  const session = new AgentSession({
    sessionId: conversationId,
    serviceSessionId: agent && keepsConversationOnService(agent) ? (row?.serviceSessionId ?? null) : null,
    state: typeof state === 'object' && state !== null ? state : {},
  })
  const history = new PostgresHistoryProvider(app.db.sql, { window, redactor })
  return {
    session,
    history,
    startLength,
    length: () => history.length(conversationId),
    truncate: (length) => history.truncate(conversationId, length),
    /** Keeps what the service and the providers remembered for the next turn. */
    save: async () => {
      const json = session.toJSON()
      await app.db.sql.query(`UPDATE "Conversation" SET "serviceSessionId" = $2, state = $3::jsonb, "updatedAt" = now() WHERE id = $1`, [
        conversationId,
        json.serviceSessionId ?? null,
        // Redacted like the messages: the providers' state (memories, summaries) is text people's turns read back, not a credential.
        jsonbSafeText(redactor.redactValue(json.state)),
      ])
    },
  }
}

function historyWindowOf(agent: Pick<AgentSettings, 'historyWindow'> | undefined): HistoryWindow | undefined {
  if (!agent) return undefined
  const { maxMessages, maxTokens } = agent.historyWindow
  return maxMessages === undefined && maxTokens === undefined ? undefined : { maxMessages, maxTokens }
}
