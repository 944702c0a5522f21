-- AlterEnum
ALTER TYPE "ApprovalKind" ADD VALUE 'breakpoint';

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "debug" JSONB;
