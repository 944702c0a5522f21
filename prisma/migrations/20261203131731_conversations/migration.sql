-- Issue #28: the stored conversation is called a conversation (lib/core's in-memory AgentSession keeps its name).
-- Renames only, so every conversation, message and turn stays as it was; the names are the ones Prisma gives.

-- RenameEnum
ALTER TYPE "SessionKind" RENAME TO "ConversationKind";

-- RenameTable
ALTER TABLE "AgentSession" RENAME TO "Conversation";
ALTER TABLE "Conversation" RENAME CONSTRAINT "AgentSession_pkey" TO "Conversation_pkey";
ALTER TABLE "Conversation" RENAME CONSTRAINT "AgentSession_agentId_fkey" TO "Conversation_agentId_fkey";
ALTER TABLE "Conversation" RENAME CONSTRAINT "AgentSession_publicationId_fkey" TO "Conversation_publicationId_fkey";
ALTER TABLE "Conversation" RENAME CONSTRAINT "AgentSession_workspaceId_fkey" TO "Conversation_workspaceId_fkey";
ALTER INDEX "AgentSession_ownerId_agentId_updatedAt_idx" RENAME TO "Conversation_ownerId_agentId_updatedAt_idx";
ALTER INDEX "AgentSession_workspaceId_agentId_updatedAt_idx" RENAME TO "Conversation_workspaceId_agentId_updatedAt_idx";
ALTER INDEX "AgentSession_originRunId_idx" RENAME TO "Conversation_originRunId_idx";
ALTER INDEX "AgentSession_publicationId_createdAt_idx" RENAME TO "Conversation_publicationId_createdAt_idx";

-- RenameColumn
ALTER TABLE "ChatMessage" RENAME COLUMN "sessionId" TO "conversationId";
ALTER TABLE "ChatMessage" RENAME CONSTRAINT "ChatMessage_sessionId_fkey" TO "ChatMessage_conversationId_fkey";
ALTER INDEX "ChatMessage_sessionId_position_key" RENAME TO "ChatMessage_conversationId_position_key";

-- RenameColumn
ALTER TABLE "Run" RENAME COLUMN "sessionId" TO "conversationId";
ALTER TABLE "Run" RENAME CONSTRAINT "Run_sessionId_fkey" TO "Run_conversationId_fkey";
ALTER INDEX "Run_sessionId_createdAt_idx" RENAME TO "Run_conversationId_createdAt_idx";
