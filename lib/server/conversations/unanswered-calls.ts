/**
 * A turn stopped after its model asked for a tool (most often while the call waited for approval) leaves
 * the call in the conversation without a result. Models refuse such a history (OpenAI answers 400: every
 * tool call must be followed by its result), so the conversation could not go on. When a turn is
 * cancelled, each call it stored without a result gets one saying so, in one tool message.
 */
import { Message, parseStoredMessage } from '@/lib/core'
import type { AppContext } from '../app-context'
import { PostgresHistoryProvider } from './postgres-history-provider'
import { turnInputSchema } from './turn-document'

export const STOPPED_CALL_RESULT = 'No result: the reply was stopped before this call returned.'

export async function answerCallsOfStoppedTurn(app: AppContext, conversationId: string, input: unknown): Promise<void> {
  const turn = turnInputSchema.safeParse(input)
  if (!turn.success) return
  const rows = await app.db.sql.query<{ message: string }>(
    `SELECT message FROM "ChatMessage" WHERE "conversationId" = $1 AND position >= $2 ORDER BY position`,
    [conversationId, turn.data.historyStart],
  )
  const open = new Set<string>()
  for (const row of rows) {
    const parsed = parseStoredMessage(row.message)
    if (!parsed.ok) continue
    for (const content of parsed.message.contents) {
      if (content.type === 'function_call') open.add(content.callId)
      else if (content.type === 'function_result') open.delete(content.callId)
    }
  }
  if (open.size === 0) return
  const contents = [...open].map((callId) => ({ type: 'function_result' as const, callId, result: STOPPED_CALL_RESULT }))
  await new PostgresHistoryProvider(app.db.sql).saveMessages(conversationId, [new Message({ role: 'tool', contents })])
}
