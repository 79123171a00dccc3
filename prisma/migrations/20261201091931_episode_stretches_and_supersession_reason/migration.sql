-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "closed" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "supersededReason" TEXT;
