-- AlterTable
ALTER TABLE "Episode" ADD COLUMN     "ownerEditedAt" TIMESTAMP(3),
ADD COLUMN     "ownerGist" TEXT;

-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "ownerEditedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "EpisodeFold" (
    "id" TEXT NOT NULL,
    "threadId" TEXT NOT NULL,
    "fromSeq" INTEGER NOT NULL,
    "toSeq" INTEGER NOT NULL,
    "fromAt" TIMESTAMP(3) NOT NULL,
    "toAt" TIMESTAMP(3) NOT NULL,
    "gist" TEXT NOT NULL,
    "pages" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "episodes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EpisodeFold_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EpisodeFold_threadId_toSeq_key" ON "EpisodeFold"("threadId", "toSeq");

-- AddForeignKey
ALTER TABLE "EpisodeFold" ADD CONSTRAINT "EpisodeFold_threadId_fkey" FOREIGN KEY ("threadId") REFERENCES "Thread"("id") ON DELETE CASCADE ON UPDATE CASCADE;
