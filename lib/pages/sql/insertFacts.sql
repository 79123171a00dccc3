-- New facts, position by position, in one statement: the page vectors' trigger runs once for them all.
-- @param $1:ids
-- @param $2:pageIds
-- @param $3:keys
-- @param $4:texts
-- @param $5:sources
-- @param $6:statuses
-- @param $7:heldReasons null where the fact is not held
-- @param $8:threadIds
-- @param $9:messageIds
-- @param $10:createdAts
INSERT INTO "Fact" (id, "pageId", key, text, source, status, "heldReason", "threadId", "messageId", "createdAt", "updatedAt")
SELECT u.id, u."pageId", u.key, u.text, u.source::"FactSource", u.status::"FactStatus", u.held, u."threadId", u."messageId",
  u.at::timestamp(3), u.at::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
  AS u(id, "pageId", key, text, source, status, held, "threadId", "messageId", at)
RETURNING *
