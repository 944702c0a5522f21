-- AlterTable
ALTER TABLE "Agent" ADD COLUMN     "apiKey" TEXT;

-- AlterTable
ALTER TABLE "AgentSession" ADD COLUMN     "agentVersion" INTEGER;
