-- Issue #28: a publication publishes an agent (a chat) or a workflow (a form), so the table is called Publication.
-- Renames only, so every publication, its token, its visitors' conversations and runs stay as they were; the names
-- are the ones Prisma gives.

-- RenameTable
ALTER TABLE "AgentPublication" RENAME TO "Publication";
ALTER TABLE "Publication" RENAME CONSTRAINT "AgentPublication_pkey" TO "Publication_pkey";
ALTER TABLE "Publication" RENAME CONSTRAINT "AgentPublication_agentId_fkey" TO "Publication_agentId_fkey";
ALTER TABLE "Publication" RENAME CONSTRAINT "AgentPublication_workflowId_fkey" TO "Publication_workflowId_fkey";
ALTER TABLE "Publication" RENAME CONSTRAINT "AgentPublication_workspaceId_fkey" TO "Publication_workspaceId_fkey";
ALTER TABLE "Publication" RENAME CONSTRAINT "AgentPublication_one_target" TO "Publication_one_target";
ALTER INDEX "AgentPublication_tokenHash_key" RENAME TO "Publication_tokenHash_key";
ALTER INDEX "AgentPublication_agentId_createdAt_idx" RENAME TO "Publication_agentId_createdAt_idx";
ALTER INDEX "AgentPublication_workflowId_createdAt_idx" RENAME TO "Publication_workflowId_createdAt_idx";
