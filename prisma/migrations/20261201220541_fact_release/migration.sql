-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "releasedAt" TIMESTAMP(3);
