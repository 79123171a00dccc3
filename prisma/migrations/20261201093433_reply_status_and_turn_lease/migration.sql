-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('COMPLETE', 'INTERRUPTED');

-- AlterTable
ALTER TABLE "Message" ADD COLUMN     "status" "MessageStatus" NOT NULL DEFAULT 'COMPLETE';

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "turnLeaseId" TEXT,
ADD COLUMN     "turnLeaseUntil" TIMESTAMP(3);
