-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "followed" BOOLEAN NOT NULL DEFAULT false;
