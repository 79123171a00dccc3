-- Seconds until the bucket under $1 holds a whole token again.
-- @param $1:key
-- @param $2:capacity
-- @param $3:perSecond
SELECT GREATEST(0, 1 - LEAST($2::float8, tokens + EXTRACT(EPOCH FROM now() - "refilledAt")::float8 * $3::float8))
  / $3::float8 AS wait
FROM "RateLimitBucket" WHERE key = $1
