-- @param $1:id
-- @param $2:now
INSERT INTO "ServerInstance" (id, "startedAt", "heartbeatAt") VALUES ($1, $2::timestamp(3), $2::timestamp(3))
ON CONFLICT (id) DO UPDATE SET "heartbeatAt" = EXCLUDED."heartbeatAt"
