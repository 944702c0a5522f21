-- AlterTable
ALTER TABLE "AgentPublication" ADD COLUMN     "workflowId" TEXT,
ALTER COLUMN "agentId" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "visitorId" TEXT,
ADD COLUMN     "workspaceScoped" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "AgentPublication_workflowId_createdAt_idx" ON "AgentPublication"("workflowId", "createdAt");

-- AddForeignKey
ALTER TABLE "AgentPublication" ADD CONSTRAINT "AgentPublication_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A publication publishes one thing: an agent or a workflow.
ALTER TABLE "AgentPublication" ADD CONSTRAINT "AgentPublication_one_target" CHECK (num_nonnulls("agentId", "workflowId") = 1);
