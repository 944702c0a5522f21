/**
 * The stored conversation a turn's agent talks in: the Conversation row (its service session id and
 * provider state) and its ChatMessage rows through PostgresHistoryProvider, opened as lib/core's in-memory
 * AgentSession whose sessionId is the conversation's id.
 *
 * A turn holds its conversation (one active turn per conversation: Run_conversationId_active_key), so it reads
 * the conversation once when it starts (loadTurnStart, with its agent's key) and what it writes (messages, the
 * session's state) rides with its run's batches: committed with the superstep's checkpoint, or with the run's end.
 *
 * The service session id (where the conversation the Responses service keeps stands) is used only
 * while the agent keeps its conversation there: with the setting off, or a model API that keeps
 * nothing, it is forgotten, and the whole local history is sent again (a chain resumed later would
 * miss the turns in between).
 */
import { AgentSession, type HistoryWindow } from '@/lib/core'
import { keepsConversationOnService, type AgentConversation, type AgentSettings } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { openAgentApiKey } from '../agents/agent-api-key'
import { jsonbSafeText } from '../db/jsonb'
import type { SecretBox } from '../secrets/secret-box'
import { NO_SECRETS, type SecretRedactor } from '../secrets/redaction'
import { PostgresHistoryProvider, type CarryStatement } from './postgres-history-provider'
import type { TurnStart } from './turn-start'

/**
 * The conversation's messages as one JSON value (`{ positions, messages }`, selected as `history`), for the statement that reads a
 * turn's start: JSON, which node-pg parses with JSON.parse, far quicker than its parser of text[] (100 messages took
 * 0.7 ms of CPU that way). `conversation`: the SQL that names the conversation's id.
 */
export function turnHistoryExpression(conversation: string): string {
  return `(SELECT json_build_object('positions', json_agg(position ORDER BY position), 'messages', json_agg(message ORDER BY position))
    FROM "ChatMessage" WHERE "conversationId" = ${conversation})`
}

/** What a statement reads a turn's start into: the conversation's row, `history` (turnHistoryExpression) and the agent's row. */
export interface TurnStartColumns {
  serviceSessionId: string | null
  state: unknown
  history: { positions: number[] | null; messages: string[] | null } | null
  /** The agent's own key, sealed, and its workspace (null columns: no agent version). */
  agentApiKey: string | null
  agentWorkspaceId: string | null
}

/**
 * A turn's start from the columns its statement read. The agent's own key goes to the run only where the run may use
 * the agent (`visible`, the run's owner scope): any agent for a run an admin started, else its own workspace's.
 */
export function turnStartOf(box: SecretBox, row: TurnStartColumns, visible: { workspaceId?: string | null }): TurnStart {
  const positions = row.history?.positions ?? []
  const messages = row.history?.messages ?? []
  const mayUseAgent = visible.workspaceId === undefined || visible.workspaceId === row.agentWorkspaceId
  return {
    apiKey: mayUseAgent ? openAgentApiKey(box, row.agentApiKey) : undefined,
    serviceSessionId: row.serviceSessionId,
    state: row.state ?? {},
    rows: positions.map((position, index) => ({ position, message: messages[index] })),
  }
}

/**
 * Reads what a turn starts from: its conversation's row and messages, and its agent's own key if whoever `visible`
 * stands for (the run's owner scope) may use the agent. On the turn's path: one prepared statement, not Prisma
 * (BENCHMARKS.md, "Server overhead per chat turn"). A turn inserted claimed by this process has it already (run-now.ts).
 */
export async function loadTurnStart(
  app: AppContext,
  conversationId: string,
  agentVersionId: string | null,
  visible: { workspaceId?: string | null },
): Promise<TurnStart> {
  const [row] = await app.db.sql.query<TurnStartColumns>(
    `SELECT c."serviceSessionId", c.state, ${turnHistoryExpression('$1')} AS history, a."apiKey" AS "agentApiKey", a."workspaceId" AS "agentWorkspaceId"
     FROM (SELECT 1) AS one
       LEFT JOIN "Conversation" c ON c.id = $1
       LEFT JOIN "AgentVersion" v ON v.id = $2 LEFT JOIN "Agent" a ON a.id = v."agentId"`,
    [conversationId, agentVersionId],
  )
  return turnStartOf(app.secrets.box, row, visible)
}

export function openAgentConversation(
  app: Pick<AppContext, 'db'>,
  conversationId: string,
  startLength: number,
  agent: Pick<AgentSettings, 'historyWindow' | 'keepConversationOnService' | 'model'> | undefined,
  start: Pick<TurnStart, 'serviceSessionId' | 'state' | 'rows'>,
  /** The run's writer: what the turn stores rides with its batches. */
  carry: CarryStatement,
  /** The run's secrets, cut out of what is stored (messages and the providers' state). */
  redactor: SecretRedactor = NO_SECRETS,
): AgentConversation & { save(): void } {
  const state = start.state
  const window = historyWindowOf(agent)
  const session = new AgentSession({
    sessionId: conversationId,
    serviceSessionId: agent && keepsConversationOnService(agent) ? start.serviceSessionId : null,
    state: typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {},
  })
  const history = new PostgresHistoryProvider(app.db.sql, { window, redactor })
  history.ridesFrom(conversationId, start.rows, carry)
  return {
    session,
    history,
    startLength,
    length: () => history.length(conversationId),
    truncate: (length) => history.truncate(conversationId, length),
    /**
     * Keeps what the service and the providers remembered for the next turn, with the run's next batch (its end, or
     * the batch that parks it). Not awaited: a failure to store it fails that batch, as a message's does.
     */
    save: () => {
      const json = session.toJSON()
      const serviceSessionId = json.serviceSessionId ?? null
      // Redacted like the messages: the providers' state (memories, summaries) is text people's turns read back, not a credential.
      const stateText = jsonbSafeText(redactor.redactValue(json.state))
      if (serviceSessionId === start.serviceSessionId && stateText === JSON.stringify(start.state)) return
      carry((first) => ({
        sql: `conversation_session_${first} AS (
          UPDATE "Conversation" SET "serviceSessionId" = $${first + 1}::text, state = $${first + 2}::jsonb, "updatedAt" = now() WHERE id = $${first}::text)`,
        params: [conversationId, serviceSessionId, stateText],
      })).catch(() => {})
    },
  }
}

function historyWindowOf(agent: Pick<AgentSettings, 'historyWindow'> | undefined): HistoryWindow | undefined {
  if (!agent) return undefined
  const { maxMessages, maxTokens } = agent.historyWindow
  return maxMessages === undefined && maxTokens === undefined ? undefined : { maxMessages, maxTokens }
}
