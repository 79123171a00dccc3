-- Refills the bucket under $1 for the time since it was last refilled, up to its capacity, and takes one token, in one
-- statement: of two instances racing for the last token exactly one gets it. No row when the bucket has no whole token.
-- @param $1:key
-- @param $2:capacity
-- @param $3:perSecond
INSERT INTO "RateLimitBucket" AS b (key, tokens, "refilledAt", "fullAt")
VALUES ($1, $2::float8 - 1, now(), now() + make_interval(secs => 1 / $3::float8))
ON CONFLICT (key) DO UPDATE SET
  tokens = LEAST($2::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * $3::float8) - 1,
  "refilledAt" = now(),
  "fullAt" = now() + make_interval(secs => ($2::float8 + 1
    - LEAST($2::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * $3::float8)) / $3::float8)
WHERE LEAST($2::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * $3::float8) >= 1
RETURNING tokens
