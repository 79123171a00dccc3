-- CreateEnum
CREATE TYPE "OfferStatus" AS ENUM ('OPEN', 'ACCEPTED', 'DISMISSED');

-- CreateTable
CREATE TABLE "SupersessionOffer" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "oldFactId" TEXT NOT NULL,
    "newFactId" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "status" "OfferStatus" NOT NULL DEFAULT 'OPEN',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),

    CONSTRAINT "SupersessionOffer_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SupersessionOffer_workspaceId_status_createdAt_idx" ON "SupersessionOffer"("workspaceId", "status", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "SupersessionOffer_newFactId_idx" ON "SupersessionOffer"("newFactId");

-- CreateIndex
CREATE UNIQUE INDEX "SupersessionOffer_oldFactId_newFactId_key" ON "SupersessionOffer"("oldFactId", "newFactId");

-- AddForeignKey
ALTER TABLE "SupersessionOffer" ADD CONSTRAINT "SupersessionOffer_oldFactId_fkey" FOREIGN KEY ("oldFactId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupersessionOffer" ADD CONSTRAINT "SupersessionOffer_newFactId_fkey" FOREIGN KEY ("newFactId") REFERENCES "Fact"("id") ON DELETE CASCADE ON UPDATE CASCADE;
