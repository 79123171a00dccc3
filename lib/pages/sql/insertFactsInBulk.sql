-- Facts by the thousand, one array per column, for a seeded world: the facts' triggers still file each into its
-- page's search vector and copy its page's workspace onto it. Every array goes as text: the embedded database's
-- driver sends an enum array as one string.
-- @param $1:ids
-- @param $2:pageIds
-- @param $3:keys
-- @param $4:texts
-- @param $5:sources
-- @param $6:statuses
-- @param $7:threadIds
-- @param $8:messageIds
-- @param $9:createdAts ISO timestamps
-- @param $10:updatedAts ISO timestamps
INSERT INTO "Fact" (id, "pageId", key, text, source, status, "threadId", "messageId", "createdAt", "updatedAt")
SELECT u.id, u."pageId", u.key, u.text, u.source::"FactSource", u.status::"FactStatus", u."threadId", u."messageId",
  u.created::timestamp(3), u.updated::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
  AS u(id, "pageId", key, text, source, status, "threadId", "messageId", created, updated)
