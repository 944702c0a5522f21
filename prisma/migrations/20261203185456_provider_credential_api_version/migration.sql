-- AlterTable
ALTER TABLE "ProviderCredential" ADD COLUMN     "apiVersion" TEXT;
