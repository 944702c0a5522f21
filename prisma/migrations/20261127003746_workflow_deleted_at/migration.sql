-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "deletedAt" TIMESTAMP(3);
