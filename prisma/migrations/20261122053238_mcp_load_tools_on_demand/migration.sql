-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN     "loadToolsOnDemand" BOOLEAN NOT NULL DEFAULT false;
