/**
 * What a publication used today (UTC): the tokens of its visitors' turns (an agent's) or runs (a workflow's), how
 * many conversations visitors started and how many forms they submitted. The daily token budget is checked against
 * the tokens before each visitor's turn or run (visitor-chat.ts, visitor-form.ts).
 */
import type { AppContext } from '../app-context'

export interface PublicationUsage {
  tokens: number
  conversations: number
  runs: number
}

export const NO_USAGE: PublicationUsage = { tokens: 0, conversations: 0, runs: 0 }

// Columns are UTC timestamps without a zone; the day starts at UTC midnight.
const TODAY = `date_trunc('day', now() AT TIME ZONE 'UTC')`
const RUN_TOKENS = `COALESCE((r.usage->>'totalTokenCount')::numeric, COALESCE((r.usage->>'inputTokenCount')::numeric, 0) + COALESCE((r.usage->>'outputTokenCount')::numeric, 0))`

export async function publicationUsageToday(app: Pick<AppContext, 'db'>, publicationIds: readonly string[]): Promise<Map<string, PublicationUsage>> {
  if (publicationIds.length === 0) return new Map()
  // A visitor's turn belongs to a conversation marked with the publication; a visitor's run names it as its trigger.
  const rows = await app.db.sql.query<{ publicationId: string; tokens: string | null; conversations: string; runs: string }>(
    `SELECT p.id AS "publicationId",
       (SELECT COALESCE(SUM(${RUN_TOKENS}), 0) FROM "Run" r JOIN "Conversation" t ON t.id = r."conversationId"
          WHERE t."publicationId" = p.id AND r."createdAt" >= ${TODAY})
       + (SELECT COALESCE(SUM(${RUN_TOKENS}), 0) FROM "Run" r WHERE r."triggerId" = p.id AND r."createdAt" >= ${TODAY}) AS tokens,
       (SELECT count(*) FROM "Conversation" s WHERE s."publicationId" = p.id AND s."createdAt" >= ${TODAY}) AS conversations,
       (SELECT count(*) FROM "Run" r WHERE r."triggerId" = p.id AND r."createdAt" >= ${TODAY}) AS runs
     FROM unnest($1::text[]) AS p(id)`,
    [publicationIds],
  )
  return new Map(rows.map((row) => [row.publicationId, { tokens: Number(row.tokens ?? 0), conversations: Number(row.conversations), runs: Number(row.runs) }]))
}
