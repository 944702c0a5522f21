-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "heartbeatAt" TIMESTAMP(3);
