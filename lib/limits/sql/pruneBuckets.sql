-- Buckets full again: a row past its fullAt says nothing a new one would not.
DELETE FROM "RateLimitBucket" WHERE "fullAt" < now()
