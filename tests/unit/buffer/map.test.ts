import { describe, expect, it } from "vitest";
import { threadMap, type MapInput } from "@/lib/buffer/map";

type Chosen = MapInput["buffer"]["chosen"][number];

const line = (episodeId: string, fromSeq: number, toSeq: number, reason: Chosen["reason"], text: string | null = "- …"): Chosen => ({
  episodeId,
  fromSeq,
  toSeq,
  reason,
  pages: [],
  marks: [],
  line: text,
  scanReasons: text === null ? ["instruction"] : [],
});

const kinds = (input: MapInput) => threadMap(input).map((s) => `${s.kind}${"reason" in s ? `:${s.reason}` : ""} #${s.fromSeq}–#${s.toSeq}`);

describe("threadMap", () => {
  it("a thread that fits its window is the window alone", () => {
    expect(kinds({ buffer: { chosen: [], gaps: [] }, window: { count: 12, fromSeq: 1, toSeq: 12 }, maxLines: 12 })).toEqual(["window #1–#12"]);
  });

  it("an empty thread has no map", () => {
    expect(threadMap({ buffer: { chosen: [], gaps: [] }, window: { count: 0, fromSeq: 0, toSeq: 0 }, maxLines: 12 })).toEqual([]);
  });

  it("first line, the gap with its range, count and cap, the recent lines, an uncovered stretch and the window, oldest first", () => {
    const map = threadMap({
      buffer: {
        chosen: [line("e1", 1, 8, "first"), line("e9", 65, 72, "recent"), line("e10", 73, 80, "recent")],
        gaps: [{ afterEpisodeId: "e1", fromSeq: 9, toSeq: 64, lines: 7 }],
      },
      window: { count: 30, fromSeq: 85, toSeq: 114 },
      maxLines: 3,
    });
    expect(map).toEqual([
      { kind: "line", reason: "first", episodeId: "e1", fromSeq: 1, toSeq: 8, dropped: false },
      { kind: "gap", fromSeq: 9, toSeq: 64, lines: 7, maxLines: 3 },
      { kind: "line", reason: "recent", episodeId: "e9", fromSeq: 65, toSeq: 72, dropped: false },
      { kind: "line", reason: "recent", episodeId: "e10", fromSeq: 73, toSeq: 80, dropped: false },
      { kind: "uncovered", fromSeq: 81, toSeq: 84, why: "no-line" },
      { kind: "window", fromSeq: 85, toSeq: 114, count: 30 },
    ]);
  });

  it("messages before the first line and between two lines with no gap are uncovered too", () => {
    expect(
      kinds({
        buffer: { chosen: [line("e1", 4, 10, "first"), line("e2", 15, 20, "recent")], gaps: [] },
        window: { count: 30, fromSeq: 21, toSeq: 50 },
        maxLines: 12,
      }),
    ).toEqual(["uncovered #1–#3", "line:first #4–#10", "uncovered #11–#14", "line:recent #15–#20", "window #21–#50"]);
  });

  it("a thread past its window with no episode yet is uncovered up to the window", () => {
    expect(kinds({ buffer: { chosen: [], gaps: [] }, window: { count: 30, fromSeq: 41, toSeq: 70 }, maxLines: 12 })).toEqual([
      "uncovered #1–#40",
      "window #41–#70",
    ]);
  });

  it("the window's oldest messages the budget left out are uncovered, for that reason, and the window shrinks", () => {
    const map = threadMap({
      buffer: { chosen: [line("e1", 1, 20, "first")], gaps: [] },
      window: { count: 30, fromSeq: 21, toSeq: 50 },
      maxLines: 12,
      windowCut: 5,
    });
    expect(map.slice(1)).toEqual([
      { kind: "uncovered", fromSeq: 21, toSeq: 25, why: "budget" },
      { kind: "window", fromSeq: 26, toSeq: 50, count: 25 },
    ]);
  });

  it("a line the injection scan dropped stays on the map, marked dropped", () => {
    const [first] = threadMap({ buffer: { chosen: [line("e1", 1, 20, "first", null)], gaps: [] }, window: { count: 30, fromSeq: 21, toSeq: 50 }, maxLines: 12 });
    expect(first).toMatchObject({ kind: "line", dropped: true });
  });

  it("folds take their place between the first line and the recent ones", () => {
    expect(
      kinds({
        buffer: {
          chosen: [line("e1", 1, 10, "first"), line("f", 11, 50, "fold"), line("e6", 51, 60, "recent")],
          gaps: [],
        },
        window: { count: 30, fromSeq: 61, toSeq: 90 },
        maxLines: 12,
      }),
    ).toEqual(["line:first #1–#10", "line:fold #11–#50", "line:recent #51–#60", "window #61–#90"]);
  });
});
