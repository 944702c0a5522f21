-- Workspaces and roles (issue #30). Every resource moves from its owner to a workspace: each user gets a personal
-- workspace that they own, and every row they owned moves into it. `ownerId` stays as who created or started it.
-- Rows with no owner (from before sign-in, not adopted yet) keep no workspace and are adopted as before.
-- Names (skill names, MCP server ids, MCP tool names) become unique per workspace, which per owner they were.

-- CreateEnum
CREATE TYPE "WorkspaceKind" AS ENUM ('personal', 'team');

-- CreateEnum
CREATE TYPE "WorkspaceRole" AS ENUM ('owner', 'editor', 'runner', 'viewer');

-- DropIndex
DROP INDEX "McpServer_ownerId_id_key";

-- DropIndex
DROP INDEX "McpToolOffer_ownerId_name_key";

-- DropIndex
DROP INDEX "Skill_ownerId_name_key";

-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "AgentSession" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "ApiToken" ADD COLUMN     "role" "WorkspaceRole",
ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "ApprovalRequest" ADD COLUMN     "decidedById" TEXT,
ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "AuditLog" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "McpToolOffer" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "OneTimeToken" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "Skill" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "personalWorkspaceId" TEXT;

-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "workspaceId" TEXT;

-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "WorkspaceKind" NOT NULL DEFAULT 'team',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdById" TEXT,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkspaceMember" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "WorkspaceRole" NOT NULL,
    "approver" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkspaceMember_pkey" PRIMARY KEY ("workspaceId","userId")
);

-- Data: a personal workspace per user, its owner a member with the owner role.
INSERT INTO "Workspace" ("id", "name", "kind", "createdAt", "createdById")
SELECT gen_random_uuid()::text, u."name", 'personal', u."createdAt", u."id" FROM "User" u;
UPDATE "User" u SET "personalWorkspaceId" = w."id" FROM "Workspace" w WHERE w."createdById" = u."id" AND w."kind" = 'personal';
INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role") SELECT "personalWorkspaceId", "id", 'owner' FROM "User";

-- Data: every owned row into its owner's personal workspace.
UPDATE "Workflow" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "Run" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "McpServer" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "Skill" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "Agent" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "McpToolOffer" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "AgentSession" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
-- A run's approvals and share links are in the run's workspace (an approval without a run: its owner's).
UPDATE "ApprovalRequest" t SET "workspaceId" = u."personalWorkspaceId" FROM "User" u WHERE u."id" = t."ownerId";
UPDATE "ApprovalRequest" t SET "workspaceId" = r."workspaceId" FROM "Run" r WHERE r."id" = t."runId";
UPDATE "ShareLink" t SET "workspaceId" = r."workspaceId" FROM "Run" r WHERE r."id" = t."runId";

-- CreateIndex
CREATE INDEX "WorkspaceMember_userId_idx" ON "WorkspaceMember"("userId");

-- CreateIndex
CREATE INDEX "Agent_workspaceId_updatedAt_idx" ON "Agent"("workspaceId", "updatedAt");

-- CreateIndex
CREATE INDEX "AgentSession_workspaceId_agentId_updatedAt_idx" ON "AgentSession"("workspaceId", "agentId", "updatedAt");

-- CreateIndex
CREATE INDEX "ApprovalRequest_workspaceId_status_idx" ON "ApprovalRequest"("workspaceId", "status");

-- CreateIndex
CREATE INDEX "AuditLog_workspaceId_createdAt_idx" ON "AuditLog"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "McpServer_workspaceId_id_key" ON "McpServer"("workspaceId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "McpToolOffer_workspaceId_name_key" ON "McpToolOffer"("workspaceId", "name");

-- CreateIndex
CREATE INDEX "Run_workspaceId_createdAt_idx" ON "Run"("workspaceId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Skill_workspaceId_name_key" ON "Skill"("workspaceId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "User_personalWorkspaceId_key" ON "User"("personalWorkspaceId");

-- CreateIndex
CREATE INDEX "Workflow_workspaceId_updatedAt_idx" ON "Workflow"("workspaceId", "updatedAt");

-- AddForeignKey
ALTER TABLE "Workflow" ADD CONSTRAINT "Workflow_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Run" ADD CONSTRAINT "Run_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApprovalRequest" ADD CONSTRAINT "ApprovalRequest_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareLink" ADD CONSTRAINT "ShareLink_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpServer" ADD CONSTRAINT "McpServer_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Skill" ADD CONSTRAINT "Skill_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Agent" ADD CONSTRAINT "Agent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "McpToolOffer" ADD CONSTRAINT "McpToolOffer_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentSession" ADD CONSTRAINT "AgentSession_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
