-- DropIndex
DROP INDEX "Skill_name_key";

-- AlterTable
ALTER TABLE "McpServer" ADD COLUMN     "updatedById" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "Skill" ADD COLUMN     "updatedById" TEXT,
ADD COLUMN     "version" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE UNIQUE INDEX "Skill_ownerId_name_key" ON "Skill"("ownerId", "name");
