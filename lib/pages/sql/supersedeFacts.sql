-- Each fact given superseded by the one beside it, with the reason.
-- @param $1:ids
-- @param $2:supersededBy
-- @param $3:reasons
-- @param $4:now
UPDATE "Fact" f SET status = 'SUPERSEDED', "supersededById" = u.by, "supersededReason" = u.reason, "updatedAt" = $4::timestamp(3)
FROM unnest($1::text[], $2::text[], $3::text[]) AS u(id, by, reason)
WHERE f.id = u.id
