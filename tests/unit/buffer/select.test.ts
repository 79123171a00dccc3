import { describe, expect, it } from "vitest";
import { selectEpisodes, shouldReadBuffer } from "@/lib/buffer/select";
import type { EpisodeLine } from "@/lib/buffer/types";

/** Episode n covers messages 10n-9..10n, so a smaller n is an older stretch. */
function episode(n: number, toAt = new Date(Date.UTC(2026, 9, n))): EpisodeLine {
  return { id: `e${n}`, fromSeq: 10 * n - 9, toSeq: 10 * n, fromAt: toAt, toAt, gist: `stretch ${n}`, pages: [] };
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
    expect(selection.gap).toBe(gap);
  });

  it.each([1, 2, 3, 5, 12])("never shows more than maxLines (%i) lines", (maxLines) => {
    for (let count = 0; count <= maxLines + 2; count++) {
      const recent = newestFirst(...Array.from({ length: count }, (_, i) => 20 - i));
      const selection = selectEpisodes(episode(1), recent, maxLines, 1000);
      expect(selection.shown.length).toBeLessThanOrEqual(maxLines);
    }
  });
});
