-- AlterTable
ALTER TABLE "WorkflowVersion" ADD COLUMN     "note" TEXT;
