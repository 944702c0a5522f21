-- CreateTable
CREATE TABLE "WorkflowPin" (
    "workflowId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "output" JSONB NOT NULL,
    "pinnedFromRunId" TEXT,
    "pinnedById" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowPin_pkey" PRIMARY KEY ("workflowId","nodeId")
);

-- AddForeignKey
ALTER TABLE "WorkflowPin" ADD CONSTRAINT "WorkflowPin_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;
