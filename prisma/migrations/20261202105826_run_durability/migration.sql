-- A run's durability mode (issue #29): when its supersteps commit. NULL means sync.
ALTER TABLE "Run" ADD COLUMN "durability" TEXT;
ALTER TABLE "Run" ADD CONSTRAINT "Run_durability_check" CHECK ("durability" IN ('sync', 'async', 'exit'));
