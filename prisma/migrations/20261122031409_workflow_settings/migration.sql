-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "settings" JSONB NOT NULL DEFAULT '{}';
