-- Issue #29: runs wait for a worker in the Run table instead of as graphile-worker jobs. A run a worker should take now
-- has a "readyAt" (set with a NOTIFY by the statement that made it so: a create, a release, the last answer); a worker
-- claims ready runs a batch at a time in one statement (run-lease.ts), which clears it. The job's insert, fetch and
-- completion per run are gone.
ALTER TABLE "Run" ADD COLUMN "readyAt" TIMESTAMP(3);

-- Only the few ready runs are indexed, in the order they became ready (a claim takes the oldest first).
CREATE INDEX "Run_readyAt_idx" ON "Run" ("readyAt") WHERE "readyAt" IS NOT NULL;

-- Every run a worker may take now had a job waiting: queued, released by its worker, or parked with its answers in (or
-- a person's input step declined). A run a worker holds is not marked: its worker gives it back, or its lease lapses
-- and the sweep marks it. Nor is a run still waiting for people: the last answer marks it.
UPDATE "Run" r SET "readyAt" = r."updatedAt"
WHERE r.status = 'queued'
  OR (r.status IN ('running', 'waiting') AND r."workerId" IS NULL AND (r."parkedRequests" IS NULL
    OR NOT EXISTS (SELECT 1 FROM "ApprovalRequest" a WHERE a."runId" = r.id AND a.status = 'pending')
    OR EXISTS (SELECT 1 FROM "ApprovalRequest" a WHERE a."runId" = r.id AND a."requestId" IS NOT NULL AND a.kind = 'human_input' AND a.status IN ('denied', 'expired'))));

-- The runs' jobs have no task any more: graphile-worker would keep them forever. Its schema may not exist yet (a
-- database no worker has opened), in which case there is nothing to remove.
DO $$
BEGIN
  IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN
    DELETE FROM graphile_worker._private_jobs j USING graphile_worker._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'run';
  END IF;
END $$;
