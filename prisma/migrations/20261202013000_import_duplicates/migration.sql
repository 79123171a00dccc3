-- AlterTable
ALTER TABLE "ThreadImport" ADD COLUMN     "allowDuplicate" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "duplicateOfId" TEXT;
