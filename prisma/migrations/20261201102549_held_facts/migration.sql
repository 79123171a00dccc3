-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "heldReason" TEXT;
