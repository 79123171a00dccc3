-- Each fact's page title, in filing order.
-- @param $1:factIds
SELECT f.id AS "factId", p.title AS page FROM "Fact" f JOIN "Page" p ON p.id = f."pageId"
WHERE f.id = ANY($1::text[]) ORDER BY f."createdAt", f.id
