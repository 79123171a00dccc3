import { describe, expect, it } from "vitest";
import { dueFold, FOLD_SIZE, foldPages } from "@/lib/memory/fold";

/** Episode n covers messages 2n-1..2n. */
const stretch = (n: number, closed = true, pages = [`P${n}`]) => ({ id: n, fromSeq: 2 * n - 1, toSeq: 2 * n, closed, pages });
const ids = (due: ReturnType<typeof dueFold<ReturnType<typeof stretch>>>) => due?.map((e) => e.id) ?? null;

describe("dueFold", () => {
  it.each([
    { name: "fewer closed stretches than a fold holds: none due", episodes: [2, 3, 4].map((n) => stretch(n)), after: 2, due: null },
    { name: "exactly a fold's worth after the first stretch", episodes: [2, 3, 4, 5].map((n) => stretch(n)), after: 2, due: [2, 3, 4, 5] },
    { name: "the oldest ones after the newest fold, in order", episodes: [9, 6, 7, 8, 10].map((n) => stretch(n)), after: 10, due: [6, 7, 8, 9] },
    { name: "stretches the newest fold already covers are never folded again", episodes: [4, 5, 6, 7, 8].map((n) => stretch(n)), after: 10, due: null },
    { name: "a stretch still open waits", episodes: [stretch(2), stretch(3), stretch(4), stretch(5, false)], after: 2, due: null },
  ])("$name", ({ episodes, after, due }) => {
    expect(ids(dueFold(episodes, after))).toEqual(due);
  });

  it("folds FOLD_SIZE stretches", () => {
    expect(FOLD_SIZE).toBe(4);
  });
});

describe("foldPages", () => {
  it("is the union of the stretches' pages, in filing order", () => {
    expect(foldPages([stretch(1, true, ["Lease", "Budget"]), stretch(2, true, ["Hiring", "Lease"])])).toEqual(["Lease", "Budget", "Hiring"]);
  });
});
