/**
 * A publication's rate limit: requests a minute per visitor address, counted in Postgres (the database's clock, so
 * every process counts together), as a webhook's calls are (triggers/webhook-receiver.ts). Past the limit: 429
 * `too_many_requests` with `details.retryAfterSeconds` (defineRoute turns it into Retry-After).
 */
import type { AppContext } from '../app-context'
import { DomainError } from '../domain-errors'

/**
 * Counts one request of `address` and, in the same statement, forgets the publication's other addresses whose minute is
 * over: a window per address ever seen would grow the table with every visitor, and a lapsed one counts nothing.
 */
export async function countVisitorRequest(app: Pick<AppContext, 'db'>, publicationId: string, address: string, limitPerMinute: number): Promise<void> {
  const [row] = await app.db.sql.query<{ count: number; retryAfter: number }>(
    `WITH lapsed AS (
       DELETE FROM "PublicationRateWindow" WHERE "publicationId" = $1 AND address <> $2 AND "windowStart" <= now() - interval '1 minute')
     INSERT INTO "PublicationRateWindow" AS w ("publicationId", address, "windowStart", count) VALUES ($1, $2, now(), 1)
     ON CONFLICT ("publicationId", address) DO UPDATE SET
       "windowStart" = CASE WHEN w."windowStart" <= now() - interval '1 minute' THEN now() ELSE w."windowStart" END,
       count = CASE WHEN w."windowStart" <= now() - interval '1 minute' THEN 1 ELSE w.count + 1 END
     RETURNING w.count, GREATEST(1, CEIL(EXTRACT(EPOCH FROM (w."windowStart" + interval '1 minute' - now()))))::int AS "retryAfter"`,
    [publicationId, address],
  )
  if (row && row.count > limitPerMinute) {
    throw new DomainError('too_many_requests', `This chat takes ${limitPerMinute} requests a minute. Try again in ${row.retryAfter} s.`, {
      retryAfterSeconds: row.retryAfter,
    })
  }
}
