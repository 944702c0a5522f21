-- An MCP server's id is unique per owner (issue #27): rows get a surrogate key, filled for existing rows here.
-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN "rowId" TEXT;
UPDATE "McpServer" SET "rowId" = gen_random_uuid()::text;
ALTER TABLE "McpServer" ALTER COLUMN "rowId" SET NOT NULL,
DROP CONSTRAINT "McpServer_pkey",
ADD CONSTRAINT "McpServer_pkey" PRIMARY KEY ("rowId");

-- CreateIndex
CREATE UNIQUE INDEX "McpServer_ownerId_id_key" ON "McpServer"("ownerId", "id");
