-- @param $1:id the one instance that stays
DELETE FROM "ServerInstance" WHERE id <> $1
