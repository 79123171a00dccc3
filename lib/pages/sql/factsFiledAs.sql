-- The facts already filed on the same page, under the same key, in the same words, from the same message, as any of
-- those given (position by position).
-- @param $1:pageIds
-- @param $2:keys
-- @param $3:texts
-- @param $4:messageIds
SELECT f.* FROM "Fact" f
JOIN unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u("pageId", key, text, "messageId")
  ON f."pageId" = u."pageId" AND f.key = u.key AND f.text = u.text AND f."messageId" = u."messageId"
