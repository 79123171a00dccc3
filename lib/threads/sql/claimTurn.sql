-- A turn's first statement: claims the thread of this workspace when its claim is free (none, expired, or held by an
-- instance whose heartbeat stopped), reads what the turn needs of it and its workspace, and, when $8 is 1, appends the
-- user's message at the next seq and names an untitled, empty thread after it. No row when the claim is not free.
-- @param $1:threadId
-- @param $2:workspaceId
-- @param $3:leaseId
-- @param $4:leaseUntil
-- @param $5:instance
-- @param $6:now
-- @param $7:aliveSince a heartbeat older than this means its instance has stopped
-- @param $8:adding 1 when a message is appended, else 0
-- @param $9:untitled the title an untitled thread has
-- @param $10:title
-- @param $11:messageId
-- @param $12:text
-- @param $13:parts JSON text
WITH claimed AS (
  UPDATE "Thread" t SET
    "turnLeaseId" = $3,
    "turnLeaseUntil" = $4::timestamp(3),
    "turnLeaseInstance" = $5,
    "updatedAt" = $6::timestamp(3),
    "lastSeq" = t."lastSeq" + $8::int,
    title = CASE WHEN $8::int = 1 AND t."lastSeq" = 0 AND t.title = $9 THEN $10 ELSE t.title END
  FROM "Workspace" w
  WHERE t.id = $1 AND t."workspaceId" = $2 AND w.id = t."workspaceId"
    AND (t."turnLeaseUntil" IS NULL OR t."turnLeaseUntil" < $6::timestamp(3)
      OR (t."turnLeaseInstance" IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM "ServerInstance" i WHERE i.id = t."turnLeaseInstance" AND i."heartbeatAt" >= $7::timestamp(3))))
  RETURNING t.id, t."workspaceId", t.kind, t.title, t."lastSeq", w.name AS "workspaceName"
),
message AS (
  INSERT INTO "Message" (id, "threadId", seq, role, speaker, status, text, parts, "createdAt")
  SELECT $11, c.id, c."lastSeq", 'USER', (CASE WHEN c.kind = 'OWNER' THEN 'OWNER' ELSE 'CUSTOMER' END)::"Speaker",
    'COMPLETE', $12, $13::jsonb, $6::timestamp(3)
  FROM claimed c WHERE $8::int = 1
  RETURNING id, "threadId", seq, role, speaker, status, text, parts, "createdAt"
)
SELECT c.id, c."workspaceId", c.kind, c.title, c."workspaceName", (SELECT row_to_json(m) FROM message m) AS message
FROM claimed c
