import type { Db } from "@/lib/db/client";

// Rate limits as token buckets kept in the database, so every instance on
// one PostgreSQL draws from the same bucket and a restart refills nothing. A
// bucket holds `capacity` tokens and refills at `perMinute`: a burst is
// allowed, a steady flood is not. Taking a token is one statement that refills
// and takes at once, so of two instances racing for the last token exactly
// one gets it. Time is the database's, the one clock every instance shares.

export type BucketRule = { capacity: number; perMinute: number };

export type TokenTaken = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Buckets full again are deleted at most this often per process: a row past its fullAt says nothing a new one would not. */
const PRUNE_EVERY_MS = 60_000;

const holder = globalThis as typeof globalThis & { episodicBufferBucketsPrunedAt?: WeakMap<Db, number> };
const prunedAt = (holder.episodicBufferBucketsPrunedAt ??= new WeakMap());

async function pruneWhenDue(db: Db): Promise<void> {
  const now = Date.now();
  if (now - (prunedAt.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  prunedAt.set(db, now);
  await db.$executeRaw`DELETE FROM "RateLimitBucket" WHERE "fullAt" < now()`;
}

/** Takes one token from the bucket under `key`; refused with how long until one is back when it is empty. */
export async function takeToken(db: Db, key: string, rule: BucketRule): Promise<TokenTaken> {
  if (!(rule.capacity >= 1 && rule.perMinute > 0)) throw new Error(`a bucket needs room for a token and a refill rate: ${JSON.stringify(rule)}`);
  await pruneWhenDue(db);
  const capacity = rule.capacity;
  const perSecond = rule.perMinute / 60;
  // What the bucket holds now: what it held, plus the refill since, up to its capacity.
  const taken = await db.$queryRaw<{ tokens: number }[]>`
    INSERT INTO "RateLimitBucket" AS b (key, tokens, "refilledAt", "fullAt")
    VALUES (${key}, ${capacity - 1}::float8, now(), now() + make_interval(secs => ${1 / perSecond}::float8))
    ON CONFLICT (key) DO UPDATE SET
      tokens = LEAST(${capacity}::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * ${perSecond}::float8) - 1,
      "refilledAt" = now(),
      "fullAt" = now() + make_interval(secs => (${capacity}::float8 + 1
        - LEAST(${capacity}::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * ${perSecond}::float8)) / ${perSecond}::float8)
    WHERE LEAST(${capacity}::float8, b.tokens + EXTRACT(EPOCH FROM now() - b."refilledAt")::float8 * ${perSecond}::float8) >= 1
    RETURNING tokens`;
  if (taken.length > 0) return { allowed: true };
  const [bucket] = await db.$queryRaw<{ wait: number }[]>`
    SELECT GREATEST(0, 1 - LEAST(${capacity}::float8, tokens + EXTRACT(EPOCH FROM now() - "refilledAt")::float8 * ${perSecond}::float8))
      / ${perSecond}::float8 AS wait
    FROM "RateLimitBucket" WHERE key = ${key}`;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(bucket?.wait ?? 1 / perSecond)) };
}
