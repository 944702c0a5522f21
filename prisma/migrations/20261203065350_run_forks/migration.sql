-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "forkEdits" JSONB,
ADD COLUMN     "forkSuperstep" INTEGER,
ADD COLUMN     "forkedFromCheckpointId" TEXT,
ADD COLUMN     "parentRunId" TEXT;

-- CreateIndex
CREATE INDEX "Run_parentRunId_createdAt_idx" ON "Run"("parentRunId", "createdAt");

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_parentRunId_fkey" FOREIGN KEY ("parentRunId") REFERENCES "Run"("id") ON DELETE SET NULL ON UPDATE CASCADE;
