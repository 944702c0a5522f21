-- AlterTable
ALTER TABLE "ApprovalRequest" ADD COLUMN     "escalatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "WorkspaceApprovalRouting" (
    "workspaceId" TEXT NOT NULL,
    "webhook" TEXT,
    "webhookHost" TEXT,
    "escalationMinutes" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkspaceApprovalRouting_pkey" PRIMARY KEY ("workspaceId")
);

-- AddForeignKey
ALTER TABLE "WorkspaceApprovalRouting" ADD CONSTRAINT "WorkspaceApprovalRouting_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
