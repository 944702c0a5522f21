-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "mcpProgressToken" JSONB,
ADD COLUMN     "mcpTask" BOOLEAN NOT NULL DEFAULT false;
