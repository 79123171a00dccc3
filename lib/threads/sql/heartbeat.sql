-- An instance's heartbeat; no row when the instance was removed meanwhile.
-- @param $1:id
-- @param $2:now
UPDATE "ServerInstance" SET "heartbeatAt" = $2::timestamp(3) WHERE id = $1 RETURNING id
