/**
 * A workflow run's agent nodes keep their conversations in the same store as people's chats: each
 * top-level agent node talks in a Conversation of kind `run_agent` (id `run:<runId>:<nodeId>`,
 * owned by the run's owner), so that "Continue in chat" can copy it into a new conversation.
 */
import { AgentSession } from '@/lib/core'
import type { AgentConversation, GraphDocument } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { NO_SECRETS, type SecretRedactor } from '../secrets/redaction'
import { PostgresHistoryProvider, type CarryStatement } from './postgres-history-provider'

export function runAgentConversationId(runId: string, nodeId: string): string {
  return `run:${runId}:${nodeId}`
}

/**
 * The conversations of the run's agent nodes, created once (a resumed run finds them), by node id.
 * `firstAttempt`: the run starts for the first time, so its conversations are new and empty; they are
 * created with its first batch of events and their messages ride with the superstep batches that
 * follow (PostgresHistoryProvider.startsEmpty): no statement of their own, no read of an empty history.
 */
export async function openRunAgentConversations(
  app: AppContext,
  runId: string,
  ownerId: string | null,
  document: GraphDocument,
  /** The run's secrets, cut out of what is stored ("Continue in chat" copies it into a conversation). */
  redactor: SecretRedactor = NO_SECRETS,
  firstAttempt?: { carry: CarryStatement },
): Promise<Map<string, AgentConversation>> {
  const nodeIds = document.nodes.filter((node) => node.kind === 'agent').map((node) => node.id)
  const conversations = new Map<string, AgentConversation>()
  if (nodeIds.length === 0) return conversations
  if (firstAttempt) {
    // Fails the batch it rides with, and so the run, if it cannot be stored (as a checkpoint does).
    firstAttempt
      .carry((first) => ({
        sql: `agent_conversations_${first} AS (
          INSERT INTO "Conversation" (id, kind, "ownerId", "originRunId", "originNodeId", state, "createdAt", "updatedAt")
          SELECT 'run:' || $1::text || ':' || node, 'run_agent', $${first}::text, $1::text, node, '{}', now(), now() FROM unnest($${first + 1}::text[]) AS node
          ON CONFLICT (id) DO NOTHING)`,
        params: [ownerId, nodeIds],
      }))
      .catch(() => {})
  } else {
    await app.db.sql.query(
      `INSERT INTO "Conversation" (id, kind, "ownerId", "originRunId", "originNodeId", state, "createdAt", "updatedAt")
       SELECT 'run:' || $1::text || ':' || node, 'run_agent', $2, $1, node, '{}', now(), now() FROM unnest($3::text[]) AS node
       ON CONFLICT (id) DO NOTHING`,
      [runId, ownerId, nodeIds],
    )
  }
  const history = new PostgresHistoryProvider(app.db.sql, { redactor })
  for (const nodeId of nodeIds) {
    const conversationId = runAgentConversationId(runId, nodeId)
    if (firstAttempt) history.startsEmpty(conversationId, firstAttempt.carry)
    conversations.set(nodeId, {
      session: new AgentSession({ sessionId: conversationId }),
      history,
      startLength: 0,
      length: () => history.length(conversationId),
      truncate: (length) => history.truncate(conversationId, length),
    })
  }
  return conversations
}
