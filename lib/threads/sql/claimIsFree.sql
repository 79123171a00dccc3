-- Whether a thread's claim is free, as claimTurn decides it: none, expired, or held by an instance whose heartbeat stopped.
-- @param $1:threadId
-- @param $2:now
-- @param $3:aliveSince a heartbeat older than this means its instance has stopped
SELECT (t."turnLeaseUntil" IS NULL OR t."turnLeaseUntil" < $2::timestamp(3)
  OR (t."turnLeaseInstance" IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM "ServerInstance" i WHERE i.id = t."turnLeaseInstance" AND i."heartbeatAt" >= $3::timestamp(3)))) AS free
FROM "Thread" t WHERE t.id = $1
