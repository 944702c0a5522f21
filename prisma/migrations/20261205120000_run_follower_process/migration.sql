-- Issue #29: a run followed only by readers in the process whose worker executes it needs no NOTIFY per batch (they are
-- woken in memory). The follow mark records the process that made it; a mark from a second process clears it, and a
-- worker then announces the run's batches as before.
ALTER TABLE "Run" ADD COLUMN "followerProcess" TEXT;
