-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN     "shareConnection" BOOLEAN NOT NULL DEFAULT false;
