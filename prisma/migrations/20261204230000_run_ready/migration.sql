-- Issue #29: runs wait for a worker in the Run table instead of as graphile-worker jobs. A run a worker should take now
-- has a "readyAt" (set with a NOTIFY by the statement that made it so: a create, a release, the last answer); a worker
-- claims ready runs a batch at a time in one statement (run-lease.ts), which clears it. The job's insert, fetch and
-- completion per run are gone.
ALTER TABLE "Run" ADD COLUMN "readyAt" TIMESTAMP(3);

-- Only the few ready runs are indexed, in the order they became ready (a claim takes the oldest first).
CREATE INDEX "Run_readyAt_idx" ON "Run" ("readyAt") WHERE "readyAt" IS NOT NULL;

-- Every run that is not over may have had a job waiting: each is marked ready, and a claim takes the ones it may (queued,
-- released, parked with its answers in) and clears the others (held by a live worker, still waiting for people).
UPDATE "Run" SET "readyAt" = "updatedAt" WHERE status IN ('queued', 'running', 'waiting');

-- The runs' jobs have no task any more: graphile-worker would keep them forever. Its schema may not exist yet (a
-- database no worker has opened), in which case there is nothing to remove.
DO $$
BEGIN
  IF to_regclass('graphile_worker._private_jobs') IS NOT NULL THEN
    DELETE FROM graphile_worker._private_jobs j USING graphile_worker._private_tasks t WHERE t.id = j.task_id AND t.identifier = 'run';
  END IF;
END $$;
