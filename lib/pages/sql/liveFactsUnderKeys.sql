-- The live facts under any of the (page, key) pairs given, oldest first.
-- @param $1:pageIds
-- @param $2:keys
SELECT f.* FROM "Fact" f
JOIN (SELECT DISTINCT * FROM unnest($1::text[], $2::text[])) AS u("pageId", key)
  ON f."pageId" = u."pageId" AND f.key = u.key
WHERE f.status IN ('CONFIRMED', 'PENDING')
ORDER BY f."createdAt", f.id
