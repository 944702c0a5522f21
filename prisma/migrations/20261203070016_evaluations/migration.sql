-- CreateEnum
CREATE TYPE "ExperimentStatus" AS ENUM ('running', 'succeeded', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "ownerId" TEXT,
    "workspaceId" TEXT,
    "workflowId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DatasetVersion" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "rows" JSONB NOT NULL,
    "authorId" TEXT,
    "note" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DatasetVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Experiment" (
    "id" TEXT NOT NULL,
    "ownerId" TEXT,
    "workspaceId" TEXT,
    "datasetId" TEXT NOT NULL,
    "datasetVersion" INTEGER NOT NULL,
    "workflowId" TEXT,
    "agentId" TEXT,
    "targetVersion" INTEGER NOT NULL,
    "targetName" TEXT NOT NULL,
    "evaluators" JSONB NOT NULL,
    "trials" INTEGER NOT NULL,
    "concurrency" INTEGER NOT NULL,
    "status" "ExperimentStatus" NOT NULL DEFAULT 'running',
    "total" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Experiment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExperimentRow" (
    "id" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "rowId" TEXT NOT NULL,
    "rowIndex" INTEGER NOT NULL,
    "trial" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "runId" TEXT,
    "runStatus" TEXT,
    "output" JSONB,
    "scores" JSONB,
    "tokens" INTEGER,
    "latencyMs" INTEGER,
    "costUsd" DOUBLE PRECISION,
    "scoredAt" TIMESTAMP(3),

    CONSTRAINT "ExperimentRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Dataset_workspaceId_updatedAt_idx" ON "Dataset"("workspaceId", "updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DatasetVersion_datasetId_version_key" ON "DatasetVersion"("datasetId", "version");

-- CreateIndex
CREATE INDEX "Experiment_workspaceId_createdAt_idx" ON "Experiment"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "ExperimentRow_runId_idx" ON "ExperimentRow"("runId");

-- CreateIndex
CREATE UNIQUE INDEX "ExperimentRow_experimentId_rowIndex_trial_key" ON "ExperimentRow"("experimentId", "rowIndex", "trial");

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetVersion" ADD CONSTRAINT "DatasetVersion_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExperimentRow" ADD CONSTRAINT "ExperimentRow_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
