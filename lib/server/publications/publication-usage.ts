/**
 * What a publication's conversations used today (UTC): the tokens of their turns, and how many visitors started
 * one. The daily token budget is checked against the first before each visitor's turn (visitor-chat.ts).
 */
import type { AppContext } from '../app-context'

export interface PublicationUsage {
  tokens: number
  conversations: number
}

// Columns are UTC timestamps without a zone; the day starts at UTC midnight.
const TODAY = `date_trunc('day', now() AT TIME ZONE 'UTC')`

export async function publicationUsageToday(app: Pick<AppContext, 'db'>, publicationIds: readonly string[]): Promise<Map<string, PublicationUsage>> {
  if (publicationIds.length === 0) return new Map()
  const rows = await app.db.sql.query<{ publicationId: string; tokens: string | null; conversations: string }>(
    `SELECT c."publicationId",
       (SELECT COALESCE(SUM(COALESCE((r.usage->>'totalTokenCount')::numeric, COALESCE((r.usage->>'inputTokenCount')::numeric, 0) + COALESCE((r.usage->>'outputTokenCount')::numeric, 0))), 0)
          FROM "Run" r JOIN "Conversation" t ON t.id = r."conversationId"
          WHERE t."publicationId" = c."publicationId" AND r."createdAt" >= ${TODAY}) AS tokens,
       count(*) FILTER (WHERE c."createdAt" >= ${TODAY}) AS conversations
     FROM "Conversation" c WHERE c."publicationId" = ANY($1::text[]) GROUP BY c."publicationId"`,
    [publicationIds],
  )
  return new Map(rows.map((row) => [row.publicationId, { tokens: Number(row.tokens ?? 0), conversations: Number(row.conversations) }]))
}
