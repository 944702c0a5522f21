-- CreateTable
CREATE TABLE "WorkspaceModelPrices" (
    "workspaceId" TEXT NOT NULL,
    "prices" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkspaceModelPrices_pkey" PRIMARY KEY ("workspaceId")
);

-- AddForeignKey
ALTER TABLE "WorkspaceModelPrices" ADD CONSTRAINT "WorkspaceModelPrices_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
