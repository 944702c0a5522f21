-- CreateTable
CREATE TABLE "McpToolOffer" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "workflowId" TEXT,
    "agentId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "McpToolOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "McpToolOffer_workflowId_key" ON "McpToolOffer"("workflowId");

-- CreateIndex
CREATE UNIQUE INDEX "McpToolOffer_agentId_key" ON "McpToolOffer"("agentId");

-- CreateIndex
CREATE UNIQUE INDEX "McpToolOffer_ownerId_name_key" ON "McpToolOffer"("ownerId", "name");

-- AddForeignKey
ALTER TABLE "McpToolOffer" ADD CONSTRAINT "McpToolOffer_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpToolOffer" ADD CONSTRAINT "McpToolOffer_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An offer is of a workflow or of an agent, never both or neither.
ALTER TABLE "McpToolOffer" ADD CONSTRAINT "McpToolOffer_one_subject" CHECK (("workflowId" IS NULL) <> ("agentId" IS NULL));
