-- Appends one message: the thread's counter is bumped and the message inserted at the seq it hands out, atomically.
-- @param $1:threadId
-- @param $2:id
-- @param $3:role
-- @param $4:speaker
-- @param $5:status
-- @param $6:text
-- @param $7:parts JSON text
-- @param $8:createdAt
-- @param $9:now the thread's last change
WITH thread AS (
  UPDATE "Thread" SET "lastSeq" = "lastSeq" + 1, "updatedAt" = $9::timestamp(3)
  WHERE id = $1 RETURNING id, "lastSeq"
)
INSERT INTO "Message" (id, "threadId", seq, role, speaker, status, text, parts, "createdAt")
SELECT $2, thread.id, thread."lastSeq", $3::"Role", $4::"Speaker", $5::"MessageStatus", $6, $7::jsonb, $8::timestamp(3)
FROM thread
RETURNING id, "threadId", seq, role, speaker, status, text, parts, "createdAt"
