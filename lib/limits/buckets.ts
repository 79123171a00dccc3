import type { Db } from "@/lib/db/client";
import { pruneBuckets, refillAndTake, tokenWait } from "@/lib/limits/sql";

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
  await db.$queryRawTyped(pruneBuckets());
}

/** Takes one token from the bucket under `key`; refused with how long until one is back when it is empty. */
export async function takeToken(db: Db, key: string, rule: BucketRule): Promise<TokenTaken> {
  if (!(rule.capacity >= 1 && rule.perMinute > 0)) throw new Error(`a bucket needs room for a token and a refill rate: ${JSON.stringify(rule)}`);
  await pruneWhenDue(db);
  const perSecond = rule.perMinute / 60;
  const taken = await db.$queryRawTyped(refillAndTake(key, rule.capacity, perSecond));
  if (taken.length > 0) return { allowed: true };
  const [bucket] = await db.$queryRawTyped(tokenWait(key, rule.capacity, perSecond));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(bucket?.wait ?? 1 / perSecond)) };
}
