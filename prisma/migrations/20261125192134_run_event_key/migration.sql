-- DropIndex
DROP INDEX "RunEvent_runId_sequence_key";

-- AlterTable
ALTER TABLE "RunEvent" DROP CONSTRAINT "RunEvent_pkey",
DROP COLUMN "id",
ADD CONSTRAINT "RunEvent_pkey" PRIMARY KEY ("runId", "sequence");
