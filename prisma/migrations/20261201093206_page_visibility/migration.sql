-- CreateEnum
CREATE TYPE "PageVisibility" AS ENUM ('PRIVATE', 'PUBLIC');

-- AlterTable
ALTER TABLE "Page" ADD COLUMN     "visibility" "PageVisibility" NOT NULL DEFAULT 'PRIVATE';
