-- AlterTable
ALTER TABLE "ShareLink" ADD COLUMN     "includeInstructions" BOOLEAN NOT NULL DEFAULT false;
