-- Issue #29: a conversation runs one turn at a time, held by the database. A send inserts its turn in one statement and
-- finds the conversation busy when the insert meets this index (ON CONFLICT DO NOTHING), instead of taking the
-- conversation's row lock in a transaction of its own (four round trips) to look first.

-- The row lock kept this true until now, so no conversation should have two active turns; should one have them all the
-- same, the older ones are cancelled here rather than leave the index impossible to build (and the app unable to start).
UPDATE "Run" SET status = 'cancelled', "finishedAt" = now(), "updatedAt" = now(), error = 'Cancelled: a newer turn of the conversation was active.'
WHERE id IN (
  SELECT id FROM (
    SELECT id, row_number() OVER (PARTITION BY "conversationId" ORDER BY "createdAt" DESC, id DESC) AS newest
    FROM "Run" WHERE "conversationId" IS NOT NULL AND status IN ('queued', 'running', 'waiting')
  ) AS turns
  WHERE newest > 1
);

-- CreateIndex
CREATE UNIQUE INDEX "Run_conversationId_active_key" ON "Run" ("conversationId") WHERE status IN ('queued', 'running', 'waiting');
