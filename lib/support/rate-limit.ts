/**
 * Token buckets for the public support chat, kept in memory: the app runs as
 * one process (the embedded database allows no second one), so one map sees
 * every request, and a limit that resets on restart costs nothing that
 * matters. Several instances behind a balancer would need the buckets in the
 * database instead. A bucket holds `capacity` messages and refills at
 * `perMinute`; a burst is allowed, a steady flood is not.
 */
export type BucketRule = { capacity: number; perMinute: number };

type Bucket = { tokens: number; at: number };

/** Beyond this many keys the full (idle) buckets are dropped, so a flood of fresh ids cannot grow the map without end. */
const MAX_KEYS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly rule: BucketRule,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one token for the key; false when its bucket is empty. */
  take(key: string): boolean {
    const now = this.now();
    const bucket = this.refilled(key, now);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  private refilled(key: string, now: number): Bucket {
    const { capacity, perMinute } = this.rule;
    const found = this.buckets.get(key);
    if (found) {
      found.tokens = Math.min(capacity, found.tokens + ((now - found.at) / 60_000) * perMinute);
      found.at = now;
      return found;
    }
    if (this.buckets.size >= MAX_KEYS) this.dropFull(now);
    const bucket = { tokens: capacity, at: now };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private dropFull(now: number): void {
    const { capacity, perMinute } = this.rule;
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 60_000) * perMinute >= capacity) this.buckets.delete(key);
    }
  }
}
