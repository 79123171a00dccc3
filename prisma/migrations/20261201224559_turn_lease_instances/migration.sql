-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "turnLeaseInstance" TEXT;

-- CreateTable
CREATE TABLE "ServerInstance" (
    "id" TEXT NOT NULL,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeatAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ServerInstance_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ServerInstance_heartbeatAt_idx" ON "ServerInstance"("heartbeatAt");
