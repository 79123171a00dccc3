-- CreateIndex
CREATE INDEX "Page_workspaceId_updatedAt_idx" ON "Page"("workspaceId", "updatedAt");

-- A page's last change now includes its facts' changes, stored on the page itself.
UPDATE "Page" AS p
SET "updatedAt" = f.changed
FROM (SELECT "pageId", MAX("updatedAt") AS changed FROM "Fact" GROUP BY "pageId") AS f
WHERE f."pageId" = p.id AND f.changed > p."updatedAt";
