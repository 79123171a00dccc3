import { describe, expect, it } from "vitest";
import { selectEpisodes, shouldReadBuffer } from "../src/select.ts";
import type { EpisodeLine } from "../src/types.ts";

/** Episode n covers messages 10n-9..10n, so a smaller n is an older stretch. */
function episode(n: number, toAt = new Date(Date.UTC(2026, 9, n))): EpisodeLine {
  return { id: `e${n}`, fromSeq: 10 * n - 9, toSeq: 10 * n, fromAt: toAt, toAt, gist: `stretch ${n}`, pages: [], marks: [] };
}

/** What the database returns for "toSeq < window start, order by toSeq desc, limit N". */
const newestFirst = (...ns: number[]) => [...ns].sort((a, b) => b - a).map((n) => episode(n));

describe("shouldReadBuffer", () => {
  it.each([
    { historyLength: 0, window: 30, expected: false },
    { historyLength: 12, window: 30, expected: false },
    { historyLength: 29, window: 30, expected: false },
    { historyLength: 30, window: 30, expected: true },
  ])("history of $historyLength in a window of $window → $expected", ({ historyLength, window, expected }) => {
    expect(shouldReadBuffer(historyLength, window)).toBe(expected);
  });
});

describe("selectEpisodes", () => {
  const sameInstant = new Date("2026-10-05T12:00:00Z");

  it.each([
    {
      name: "no episodes: nothing shown, no gap",
      first: null,
      recent: [],
      maxLines: 12,
      windowStartSeq: undefined,
      ids: [],
      reasons: [],
      gap: false,
    },
    {
      name: "first among the recent ones: all of them oldest first, no gap",
      first: episode(1),
      recent: newestFirst(1, 2, 3),
      maxLines: 12,
      windowStartSeq: 31,
      ids: ["e1", "e2", "e3"],
      reasons: ["first", "recent", "recent"],
      gap: false,
    },
    {
      name: "first among exactly N recent ones: no gap, nothing dropped",
      first: episode(1),
      recent: newestFirst(1, 2, 3, 4),
      maxLines: 4,
      windowStartSeq: 41,
      ids: ["e1", "e2", "e3", "e4"],
      reasons: ["first", "recent", "recent", "recent"],
      gap: false,
    },
    {
      name: "first not among exactly N recent ones: first + newest N-1, gap",
      first: episode(1),
      recent: newestFirst(7, 8, 9, 10),
      maxLines: 4,
      windowStartSeq: 101,
      ids: ["e1", "e8", "e9", "e10"],
      reasons: ["first", "recent", "recent", "recent"],
      gap: true,
    },
    {
      name: "first not among fewer than N recent ones: nothing proven missing, no gap",
      first: episode(1),
      recent: newestFirst(2, 3),
      maxLines: 4,
      windowStartSeq: 31,
      ids: ["e1", "e2", "e3"],
      reasons: ["first", "recent", "recent"],
      gap: false,
    },
    {
      name: "first stretch still inside the window (ends at the window start): not shown",
      first: episode(1),
      recent: [],
      maxLines: 12,
      windowStartSeq: 10,
      ids: [],
      reasons: [],
      gap: false,
    },
    {
      name: "first stretch ending after the window start: not shown",
      first: episode(1),
      recent: [],
      maxLines: 12,
      windowStartSeq: 5,
      ids: [],
      reasons: [],
      gap: false,
    },
    {
      name: "first stretch ending just before the window start: shown",
      first: episode(1),
      recent: newestFirst(1),
      maxLines: 12,
      windowStartSeq: 11,
      ids: ["e1"],
      reasons: ["first"],
      gap: false,
    },
    {
      name: "equal toAt timestamps: ordered by toSeq, whatever order they came in",
      first: episode(1, sameInstant),
      recent: [3, 1, 4, 2].map((n) => episode(n, sameInstant)),
      maxLines: 12,
      windowStartSeq: 41,
      ids: ["e1", "e2", "e3", "e4"],
      reasons: ["first", "recent", "recent", "recent"],
      gap: false,
    },
    {
      name: "more recent ones than maxLines passed in: capped, newest kept",
      first: episode(1),
      recent: newestFirst(5, 6, 7, 8, 9, 10),
      maxLines: 3,
      windowStartSeq: 101,
      ids: ["e1", "e9", "e10"],
      reasons: ["first", "recent", "recent"],
      gap: true,
    },
    {
      name: "maxLines of 1: only the first stretch, and the dropped record proves a gap",
      first: episode(1),
      recent: newestFirst(10),
      maxLines: 1,
      windowStartSeq: 101,
      ids: ["e1"],
      reasons: ["first"],
      gap: true,
    },
  ])("$name", ({ first, recent, maxLines, windowStartSeq, ids, reasons, gap }) => {
    const selection = selectEpisodes(first, recent, maxLines, windowStartSeq);

    expect(selection.shown.map((c) => c.episode.id)).toEqual(ids);
    expect(selection.shown.map((c) => c.reason)).toEqual(reasons);
    expect(selection.gaps.map((g) => g.after)).toEqual(gap ? [0] : []);
  });

  it.each([1, 2, 3, 5, 12])("never shows more than maxLines (%i) lines", (maxLines) => {
    for (let count = 0; count <= maxLines + 2; count++) {
      const recent = newestFirst(...Array.from({ length: count }, (_, i) => 20 - i));
      const selection = selectEpisodes(episode(1), recent, maxLines, 1000);
      expect(selection.shown.length).toBeLessThanOrEqual(maxLines);
    }
  });
});

/** A fold of episodes a..b: it covers their messages, 10a-9..10b. */
function fold(a: number, b: number): EpisodeLine {
  return { id: `f${a}-${b}`, fromSeq: 10 * a - 9, toSeq: 10 * b, fromAt: new Date(Date.UTC(2026, 9, a)), toAt: new Date(Date.UTC(2026, 9, b)), gist: `fold ${a}-${b}`, pages: [], marks: [] };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const foldsNewestFirst = (...spans: [number, number][]) => spans.map(([a, b]) => fold(a, b)).reverse();

describe("selectEpisodes with folds", () => {
  it.each([
    {
      name: "folds fill the far middle, the read-but-unshown recent stretches prove the gap after the newest fold",
      first: episode(1),
      recent: newestFirst(...range(14, 25)),
      folds: foldsNewestFirst([2, 5], [6, 9], [10, 13]),
      ids: ["e1", "f2-5", "f6-9", "f10-13", ...range(18, 25).map((n) => `e${n}`)],
      gapsAfter: [3],
    },
    {
      name: "folds and recent lines meet: every stretch covered, no gap",
      first: episode(1),
      recent: newestFirst(...range(10, 16)),
      folds: foldsNewestFirst([2, 5], [6, 9]),
      ids: ["e1", "f2-5", "f6-9", ...range(10, 16).map((n) => `e${n}`)],
      gapsAfter: [],
    },
    {
      name: "more folds than fit: the newest ones, a gap after the first line and after the newest fold",
      first: episode(1),
      recent: newestFirst(...range(34, 45)),
      folds: foldsNewestFirst([2, 5], [6, 9], [10, 13], [14, 17], [18, 21], [22, 25], [26, 29], [30, 33]),
      ids: ["e1", "f14-17", "f18-21", "f22-25", "f26-29", "f30-33", ...range(40, 45).map((n) => `e${n}`)],
      gapsAfter: [0, 5],
    },
    {
      name: "the stretches themselves fit: no fold replaces them",
      first: episode(1),
      recent: newestFirst(...range(2, 9)),
      folds: foldsNewestFirst([2, 5], [6, 9]),
      ids: range(1, 9).map((n) => `e${n}`),
      gapsAfter: [],
    },
    {
      name: "a fold reaching into the window is never shown",
      first: episode(1),
      recent: newestFirst(...range(2, 4)),
      folds: foldsNewestFirst([2, 5]),
      ids: ["e1", "e2", "e3", "e4"],
      gapsAfter: [],
      windowStartSeq: 45,
    },
  ])("$name", ({ first, recent, folds, ids, gapsAfter, windowStartSeq }) => {
    const selection = selectEpisodes(first, recent, 12, windowStartSeq ?? 1000, folds);
    expect(selection.shown.map((c) => c.episode.id)).toEqual(ids);
    expect(selection.shown.length).toBeLessThanOrEqual(12);
    expect(selection.shown.map((c) => c.reason)).toEqual(ids.map((id, i) => (i === 0 ? "first" : id.startsWith("f") ? "fold" : "recent")));
    expect(selection.gaps.map((g) => g.after)).toEqual(gapsAfter);
  });

  it("never marks a gap where a shown fold covers every stretch in between", () => {
    // Property over many layouts: each gap has a read stretch wholly between its neighbours, and no shown line covers it.
    for (let folded = 0; folded <= 10; folded++) {
      for (let total = folded * 4 + 2; total <= folded * 4 + 20; total++) {
        const folds = range(0, folded - 1).map((i) => fold(2 + 4 * i, 5 + 4 * i)).reverse();
        const recent = newestFirst(...range(Math.max(2, total - 11), total));
        const selection = selectEpisodes(episode(1), recent, 12, 10 * total + 1, folds);
        const shown = selection.shown.map((c) => c.episode);
        expect(shown.length).toBeLessThanOrEqual(12);
        const known = [...recent, ...folds];
        for (let i = 0; i < shown.length; i++) {
          // No two shown lines cover the same stretch.
          if (shown[i + 1]) expect(shown[i].toSeq).toBeLessThan(shown[i + 1].fromSeq);
          const next = shown[i + 1]?.fromSeq ?? Infinity;
          const missing = known.some((x) => !shown.includes(x) && x.fromSeq > shown[i].toSeq && x.toSeq < next);
          expect(selection.gaps.map((g) => g.after).includes(i)).toBe(missing);
        }
      }
    }
  });
});

describe("selectEpisodes: what each gap spans and leaves out", () => {
  it("the gap after the first line runs to the oldest recent line and counts every episode in between", () => {
    // 30 stretches of 10 messages; the window starts at #301; the read fetched the 12 newest (19–30) and shows 20–30.
    const selection = selectEpisodes(episode(1), newestFirst(...range(19, 30)), 12, 301, [], 30);
    expect(selection.gaps).toEqual([{ after: 0, fromSeq: 11, toSeq: 190, lines: 18 }]);
  });

  it("without the count of episodes before the window, a full read's gap is not counted", () => {
    const selection = selectEpisodes(episode(1), newestFirst(...range(19, 30)), 12, 301);
    expect(selection.gaps).toEqual([{ after: 0, fromSeq: 11, toSeq: 190, lines: null }]);
  });

  it("the smallest provable gap: exactly one stretch dropped to make room for the first", () => {
    const selection = selectEpisodes(episode(1), newestFirst(...range(2, 13)), 12, 131, [], 13);
    expect(selection.gaps).toEqual([{ after: 0, fromSeq: 11, toSeq: 20, lines: 1 }]);
  });

  it("a gap between folds and recent lines counts the read stretches it holds; one in the unread far middle is not guessed", () => {
    const selection = selectEpisodes(
      episode(1),
      newestFirst(...range(34, 45)),
      12,
      451,
      foldsNewestFirst([2, 5], [6, 9], [10, 13], [14, 17], [18, 21], [22, 25], [26, 29], [30, 33]),
      45,
    );
    expect(selection.gaps).toEqual([
      { after: 0, fromSeq: 11, toSeq: 130, lines: null },
      { after: 5, fromSeq: 331, toSeq: 390, lines: 6 },
    ]);
  });
});
