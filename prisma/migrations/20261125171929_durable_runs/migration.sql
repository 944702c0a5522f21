-- AlterTable
ALTER TABLE "ApprovalRequest" ADD COLUMN     "requestId" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "checkpointId" TEXT,
ADD COLUMN     "checkpointSequence" INTEGER,
ADD COLUMN     "parkedRequests" JSONB;
