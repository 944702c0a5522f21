-- AlterTable
ALTER TABLE "AgentSession" ADD COLUMN     "publicationId" TEXT,
ADD COLUMN     "visitorId" TEXT;

-- CreateTable
CREATE TABLE "AgentPublication" (
    "id" TEXT NOT NULL,
    "agentId" TEXT NOT NULL,
    "workspaceId" TEXT,
    "ownerId" TEXT,
    "tokenHash" TEXT NOT NULL,
    "rateLimitPerMinute" INTEGER NOT NULL DEFAULT 20,
    "dailyTokenBudget" INTEGER NOT NULL DEFAULT 100000,
    "allowedOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3),
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "AgentPublication_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PublicationRateWindow" (
    "publicationId" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "PublicationRateWindow_pkey" PRIMARY KEY ("publicationId","address")
);

-- CreateIndex
CREATE UNIQUE INDEX "AgentPublication_tokenHash_key" ON "AgentPublication"("tokenHash");

-- CreateIndex
CREATE INDEX "AgentPublication_agentId_createdAt_idx" ON "AgentPublication"("agentId", "createdAt");

-- CreateIndex
CREATE INDEX "PublicationRateWindow_windowStart_idx" ON "PublicationRateWindow"("windowStart");

-- CreateIndex
CREATE INDEX "AgentSession_publicationId_createdAt_idx" ON "AgentSession"("publicationId", "createdAt");

-- AddForeignKey
ALTER TABLE "AgentSession" ADD CONSTRAINT "AgentSession_publicationId_fkey" FOREIGN KEY ("publicationId") REFERENCES "AgentPublication"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentPublication" ADD CONSTRAINT "AgentPublication_agentId_fkey" FOREIGN KEY ("agentId") REFERENCES "Agent"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AgentPublication" ADD CONSTRAINT "AgentPublication_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PublicationRateWindow" ADD CONSTRAINT "PublicationRateWindow_publicationId_fkey" FOREIGN KEY ("publicationId") REFERENCES "AgentPublication"("id") ON DELETE CASCADE ON UPDATE CASCADE;
