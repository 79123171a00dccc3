// A tiny seeded PRNG shared by the thread generator and the bootstrap, so an
// evaluation run is reproducible from its seed alone, with no dependency.

/** Returns floats in [0, 1). */
export type Random = () => number;

/** mulberry32: 32-bit state, fast, and good enough for sampling test data. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A seed for an independent stream (one per thread, say), so item i does not
 * depend on how many items were drawn before it.
 */
export function deriveSeed(seed: number, stream: number): number {
  return Math.floor(mulberry32((seed ^ Math.imul(stream + 1, 0x9e3779b1)) >>> 0)() * 4294967296);
}

/** Uniform integer in [min, max], both inclusive. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick needs at least one item");
  return items[Math.floor(random() * items.length)];
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
