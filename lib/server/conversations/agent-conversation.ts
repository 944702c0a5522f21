/**
 * The stored conversation a turn's agent talks in: the AgentSession row (its service session id and
 * provider state) and its ChatMessage rows through PostgresHistoryProvider.
 */
import { AgentSession, type HistoryWindow } from '@/lib/core'
import type { AgentConversation } from '@/lib/graph'
import type { AppContext } from '../app-context'
import { PostgresHistoryProvider } from '../sessions/postgres-history-provider'

export async function openAgentConversation(
  app: AppContext,
  sessionId: string,
  startLength: number,
  window?: HistoryWindow,
): Promise<AgentConversation & { save(): Promise<void> }> {
  const row = await app.db.prisma.agentSession.findUnique({ where: { id: sessionId }, select: { serviceSessionId: true, state: true } })
  const state = (row?.state ?? {}) as Record<string, unknown>
  const session = new AgentSession({
    sessionId,
    serviceSessionId: row?.serviceSessionId ?? null,
    state: typeof state === 'object' && state !== null ? state : {},
  })
  const history = new PostgresHistoryProvider(app.db.prisma, { window })
  return {
    session,
    history,
    startLength,
    length: () => history.length(sessionId),
    truncate: (length) => history.truncate(sessionId, length),
    /** Keeps what the service and the providers remembered for the next turn. */
    save: async () => {
      const json = session.toJSON()
      await app.db.prisma.agentSession.updateMany({
        where: { id: sessionId },
        data: { serviceSessionId: json.serviceSessionId, state: json.state as object, updatedAt: new Date() },
      })
    },
  }
}
