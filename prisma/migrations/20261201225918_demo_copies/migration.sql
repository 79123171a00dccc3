-- AlterTable
ALTER TABLE "Workspace" ADD COLUMN     "demo" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "sessionId" TEXT;

-- CreateIndex
CREATE INDEX "Workspace_sessionId_idx" ON "Workspace"("sessionId");

-- AddForeignKey
ALTER TABLE "Workspace" ADD CONSTRAINT "Workspace_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "Session"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The demo workspace seeded so far becomes the template every demo session's copy is made from.
UPDATE "Workspace" SET "demo" = true WHERE "slug" = 'demo';
-- No one works in the template any more: each session of the demo account gets a copy of its own.
DELETE FROM "Membership" WHERE "userId" = 'demo-owner' AND "workspaceId" IN (SELECT "id" FROM "Workspace" WHERE "slug" = 'demo');
