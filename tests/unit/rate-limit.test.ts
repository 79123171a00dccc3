import { describe, expect, it } from "vitest";
import { RateLimiter } from "@/lib/support/rate-limit";

describe("the support chat's token bucket", () => {
  it("allows a burst up to its capacity, then refuses until tokens refill", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 3, perMinute: 6 }, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take("visitor"))).toEqual([true, true, true, false]);
    now += 5_000; // half a token
    expect(limiter.take("visitor")).toBe(false);
    now += 5_000; // one token
    expect(limiter.take("visitor")).toBe(true);
    expect(limiter.take("visitor")).toBe(false);
  });

  it("keeps one key's flood from touching another's bucket", () => {
    const limiter = new RateLimiter({ capacity: 1, perMinute: 1 }, () => 0);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
    expect(limiter.take("b")).toBe(true);
  });

  it("never refills past its capacity", () => {
    let now = 0;
    const limiter = new RateLimiter({ capacity: 2, perMinute: 60 }, () => now);
    limiter.take("k");
    now += 60 * 60_000;
    expect([1, 2, 3].map(() => limiter.take("k"))).toEqual([true, true, false]);
  });
});
