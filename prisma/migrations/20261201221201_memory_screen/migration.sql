-- AlterTable
ALTER TABLE "Fact" ADD COLUMN     "workspaceId" TEXT;

-- AlterTable
ALTER TABLE "Thread" ADD COLUMN     "keepOutOfMemory" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "Fact_workspaceId_createdAt_id_idx" ON "Fact"("workspaceId", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Fact_workspaceId_status_createdAt_id_idx" ON "Fact"("workspaceId", "status", "createdAt" DESC, "id");

-- CreateIndex
CREATE INDEX "Fact_threadId_createdAt_id_idx" ON "Fact"("threadId", "createdAt" DESC, "id");

-- A fact belongs to its page's workspace. The writers (the memory pass's batch
-- insert, reviews, hand corrections) name only the page; this trigger copies
-- the page's workspace onto the fact, so the Memory screen reads one
-- workspace's facts newest first as an index range instead of sorting every
-- fact of every page of the workspace.
CREATE FUNCTION "fact_workspace"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    NEW."workspaceId" := (SELECT "workspaceId" FROM "Page" WHERE id = NEW."pageId");
    RETURN NEW;
END
$$;

CREATE TRIGGER "Fact_workspace" BEFORE INSERT OR UPDATE OF "pageId" ON "Fact"
    FOR EACH ROW EXECUTE FUNCTION "fact_workspace"();

-- Backfill
UPDATE "Fact" f SET "workspaceId" = p."workspaceId" FROM "Page" p WHERE p.id = f."pageId";
