-- @param $1:since instances whose last heartbeat is older are removed
DELETE FROM "ServerInstance" WHERE "heartbeatAt" < $1::timestamp(3)
