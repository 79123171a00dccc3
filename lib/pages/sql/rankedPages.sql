-- The workspace's pages whose search vector matches the query, best first, each with its newest facts of the given
-- statuses, in one statement. The work is bounded by the workspace's matching pages, not its facts: each page's vector
-- holds its title and its newest live facts, kept by triggers; the workspace's own lexeme in the query keeps the GIN
-- scan to this workspace; and at most $8 facts are read per page, newest first off the (pageId, createdAt) index.
-- @param $1:weights ts_rank's weights for {D, C, B, A}
-- @param $2:query
-- @param $3:workspaceId
-- @param $4:visibilities
-- @param $5:limit
-- @param $6:withSourceText whether to read the message each fact came from
-- @param $7:statuses
-- @param $8:factsPerPage
WITH ranked AS (
  SELECT p.id, p.title, ts_rank($1::float4[], p."searchVector", to_tsquery('english', $2))::float8 AS rank
  FROM "Page" p
  WHERE numnode(to_tsquery('english', $2)) > 0
    AND p."searchVector" @@ (to_tsquery('english', $2) && quote_literal('workspace:' || $3::text)::tsquery)
    AND p."workspaceId" = $3
    AND p.visibility = ANY($4::text[]::"PageVisibility"[])
  ORDER BY rank DESC, p.title
  LIMIT $5
)
SELECT r.id, r.title, r.rank, f.id AS "factId", f.key, f.text, f.status, f.source, f."saidAt", f."releasedAt", f."ownerEditedAt", f."sourceText"
FROM ranked r
CROSS JOIN LATERAL (
  SELECT f.id, f.key, f.text, f.status, f.source, f."createdAt", f."releasedAt", f."ownerEditedAt", m."createdAt" AS "saidAt",
    CASE WHEN $6 THEN m.text ELSE '' END AS "sourceText"
  FROM "Fact" f JOIN "Message" m ON m.id = f."messageId"
  WHERE f."pageId" = r.id AND f.status = ANY($7::text[]::"FactStatus"[])
  ORDER BY f."createdAt" DESC, f.id
  LIMIT $8
) f
ORDER BY r.rank DESC, r.title, f."createdAt" DESC, f.id
