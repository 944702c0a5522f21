-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "trigger" JSONB,
ADD COLUMN     "triggerId" TEXT,
ADD COLUMN     "triggerKey" TEXT;

-- CreateTable
CREATE TABLE "WorkflowSchedule" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "ownerId" TEXT,
    "name" TEXT NOT NULL DEFAULT '',
    "cron" TEXT NOT NULL,
    "timeZone" TEXT NOT NULL,
    "input" TEXT NOT NULL DEFAULT '',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "missedRuns" TEXT NOT NULL DEFAULT 'skip',
    "nextFireAt" TIMESTAMP(3),
    "lastFiredAt" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowWebhook" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "ownerId" TEXT,
    "name" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "rateLimitPerMinute" INTEGER NOT NULL DEFAULT 60,
    "rateWindowStart" TIMESTAMP(3),
    "rateCount" INTEGER NOT NULL DEFAULT 0,
    "lastCalledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkflowWebhook_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebhookSignatureSeen" (
    "hookId" TEXT NOT NULL,
    "signature" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebhookSignatureSeen_pkey" PRIMARY KEY ("hookId","signature")
);

-- CreateIndex
CREATE INDEX "WorkflowSchedule_workflowId_createdAt_idx" ON "WorkflowSchedule"("workflowId", "createdAt");

-- CreateIndex
CREATE INDEX "WorkflowSchedule_enabled_nextFireAt_idx" ON "WorkflowSchedule"("enabled", "nextFireAt");

-- CreateIndex
CREATE INDEX "WorkflowWebhook_workflowId_createdAt_idx" ON "WorkflowWebhook"("workflowId", "createdAt");

-- CreateIndex
CREATE INDEX "WebhookSignatureSeen_seenAt_idx" ON "WebhookSignatureSeen"("seenAt");

-- CreateIndex
CREATE UNIQUE INDEX "Run_triggerKey_key" ON "Run"("triggerKey");

-- CreateIndex
CREATE INDEX "Run_triggerId_createdAt_idx" ON "Run"("triggerId", "createdAt");

-- AddForeignKey
ALTER TABLE "WorkflowSchedule" ADD CONSTRAINT "WorkflowSchedule_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowWebhook" ADD CONSTRAINT "WorkflowWebhook_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebhookSignatureSeen" ADD CONSTRAINT "WebhookSignatureSeen_hookId_fkey" FOREIGN KEY ("hookId") REFERENCES "WorkflowWebhook"("id") ON DELETE CASCADE ON UPDATE CASCADE;
