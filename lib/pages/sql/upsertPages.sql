-- Makes the pages named that do not exist yet, and touches those that do: a fact filed is a change to its page, and the
-- pages list sorts by it. DO UPDATE rather than DO NOTHING, so a page that already exists (or that a concurrent pass
-- just made) comes back too.
-- @param $1:ids a new id for each, used when it is made
-- @param $2:workspaceIds
-- @param $3:titles
-- @param $4:now
INSERT INTO "Page" (id, "workspaceId", title, "createdAt", "updatedAt")
SELECT u.id, u.workspace, u.title, $4::timestamp(3), $4::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, workspace, title)
ON CONFLICT ("workspaceId", title) DO UPDATE SET "updatedAt" = EXCLUDED."updatedAt"
RETURNING id, "workspaceId", title
