-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN     "settings" JSONB NOT NULL DEFAULT '{}';
