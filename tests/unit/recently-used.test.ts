import { describe, expect, it } from "vitest";
import { rememberRecent } from "@/lib/recently-used";

describe("results kept for the most recent arguments", () => {
  it("works a text out once while it stays among the most recent, and again once the least recently used went", () => {
    const computed: string[] = [];
    const length = rememberRecent(2, (text) => {
      computed.push(text);
      return text.length;
    });
    expect([length("a"), length("bb"), length("a")]).toEqual([1, 2, 1]);
    expect(computed).toEqual(["a", "bb"]);
    // "a" was used after "bb", so "bb" is the one a third text pushes out.
    length("ccc");
    length("a");
    length("bb");
    expect(computed).toEqual(["a", "bb", "ccc", "bb"]);
  });

  it("keeps a falsy result", () => {
    let calls = 0;
    const zero = rememberRecent(4, () => (calls++, 0));
    zero("x");
    zero("x");
    expect(calls).toBe(1);
  });
});
