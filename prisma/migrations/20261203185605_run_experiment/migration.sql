-- Issue #31: an experiment row's run names its experiment, so the statement that ends the run queues the experiment's next step.

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "experimentId" TEXT;
