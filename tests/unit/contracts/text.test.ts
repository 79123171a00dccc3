import { describe, expect, it } from "vitest";
import { firstUnstorableText, jsonNestingExceeds, textProblem } from "@/lib/contracts/text";

describe("text the database can store", () => {
  it("takes any well-formed Unicode, surrogate pairs included, and refuses NUL and lone surrogates", () => {
    expect(textProblem("Café ☕ 😀 crème")).toBeNull();
    expect(textProblem("a\u0000b")).toMatch(/NUL/);
    expect(textProblem("a\ud800b")).toMatch(/lone UTF-16 surrogate/);
    expect(textProblem("\udc00😀")).toMatch(/lone UTF-16 surrogate/);
  });

  it("finds the first unstorable string anywhere in a value, keys included, with its path", () => {
    expect(firstUnstorableText({ a: [1, "ok", { b: "x\u0000" }] })).toEqual({ path: ["a", 2, "b"], problem: expect.stringMatching(/NUL/) });
    expect(firstUnstorableText({ a: { "k\ud800": 1 } })).toEqual({ path: ["a"], problem: expect.stringMatching(/^an object key/) });
    expect(firstUnstorableText({ a: ["fine", { b: 2 }] })).toBeNull();
  });
});

describe("how deeply a JSON text nests", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("counts arrays and objects up to the limit and refuses one more", () => {
    expect(jsonNestingExceeds(nested(64), 64)).toBe(false);
    expect(jsonNestingExceeds(nested(65), 64)).toBe(true);
    expect(jsonNestingExceeds(`{"a":${nested(63)}}`, 64)).toBe(false);
    expect(jsonNestingExceeds(`{"a":${nested(64)}}`, 64)).toBe(true);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    expect(jsonNestingExceeds(JSON.stringify({ text: "[".repeat(500) }), 4)).toBe(false);
    expect(jsonNestingExceeds(JSON.stringify({ text: `say \\"${"{".repeat(500)}` }), 4)).toBe(false);
    expect(jsonNestingExceeds(`["\\\\", ${nested(5)}]`, 4)).toBe(true);
  });
});
