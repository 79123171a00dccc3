-- CreateEnum
CREATE TYPE "ThreadImportStatus" AS ENUM ('QUEUED', 'CHECKING', 'WRITING', 'DONE', 'FAILED');

-- CreateTable
CREATE TABLE "ThreadImport" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "status" "ThreadImportStatus" NOT NULL DEFAULT 'QUEUED',
    "file" TEXT,
    "bytes" INTEGER NOT NULL,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "threadId" TEXT,
    "error" TEXT,
    "problems" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ThreadImport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ThreadImport_workspaceId_createdAt_idx" ON "ThreadImport"("workspaceId", "createdAt");

-- AddForeignKey
ALTER TABLE "ThreadImport" ADD CONSTRAINT "ThreadImport_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;
