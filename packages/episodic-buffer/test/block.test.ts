import { describe, expect, it } from "vitest";
import {
  BUFFER_GAP_LINE,
  BUFFER_GAP_LINE_WITHOUT_TOOLS,
  BUFFER_HEADER,
  BUFFER_NOTE,
  BUFFER_NOTE_WITHOUT_TOOLS,
  formatBufferBlock,
  formatBufferLine,
  formatPageRef,
  parseBufferBlock,
  parseBufferLine,
  parsePageRef,
  parseSection,
  withoutSearch,
  type BufferMark,
} from "../src/index.ts";

// The block is written by its format half and read by its parse half (a
// model without the package's code reads it as text); these round trips are
// what keeps the two in step.

describe("page references", () => {
  it.each(["Second Location", "Menu & Prices", "Q3, Q4 plans", "Café — été"])("round-trips %s", (title) => {
    expect(parsePageRef(formatPageRef(title))).toBe(title);
  });
  it("is not fooled by text that is not a reference", () => {
    expect(parsePageRef("Second Location")).toBeNull();
    expect(parsePageRef("pages/")).toBeNull();
  });
});

describe("sections", () => {
  it("reads only the lines under a header standing alone, up to the next header", () => {
    const text = ["Prose that mentions [RECALLED PAGES] in passing.", "[A]", "one", "", "two", "[B]", "three"].join("\n");
    expect(parseSection(text, "[A]")).toEqual(["one", "two"]);
    expect(parseSection(text, "[RECALLED PAGES]")).toBeNull();
  });
});

describe("buffer block", () => {
  const lines = [
    { since: null, day: "2026-10-02", gist: "Owner planned a second shop; budget set", pages: ["Second Shop"], more: 0, marks: [] },
    { since: null, day: "2026-10-09", gist: "Compared two quotes, one left open", pages: ["Quotes, 2026", "Budget"], more: 2, marks: [] },
    { since: null, day: "2026-10-11", gist: "Small talk only", pages: [], more: 0, marks: [] },
  ];

  it("round-trips each line, pointer and overflow count included", () => {
    for (const line of lines) expect(parseBufferLine(formatBufferLine(line))).toEqual(line);
  });
  it("round-trips the block with its gap after the first line", () => {
    const text = formatBufferBlock(lines.map(formatBufferLine), [0]);
    expect(text.split("\n")[0]).toBe(BUFFER_HEADER);
    expect(text.split("\n")[3]).toBe(BUFFER_GAP_LINE);
    expect(parseBufferBlock(text)).toEqual({ lines, gapsAfter: [0] });
  });
  it("keeps the gap where the first stretch ends when that line was dropped", () => {
    expect(parseBufferBlock(formatBufferBlock(lines.slice(1).map(formatBufferLine), [-1]))).toEqual({ lines: lines.slice(1), gapsAfter: [-1] });
  });
  it("round-trips a block without a gap, and finds none in other text", () => {
    expect(parseBufferBlock(formatBufferBlock(lines.map(formatBufferLine), []))).toEqual({ lines, gapsAfter: [] });
    expect(parseBufferBlock("no block here")).toBeNull();
  });
  it("round-trips a fold's span and a line's marks, and a gap after each of two lines", () => {
    const fold = { since: "2026-07-01", day: "2026-08-15", gist: "Four stretches on the lease", pages: ["Lease"], more: 0, marks: [] };
    const marked = { since: null, day: "2026-08-20", gist: "Owner set the rent", pages: ["Lease"], more: 0, marks: ["rejected", "owner-edit"] as BufferMark[] };
    for (const line of [fold, marked]) expect(parseBufferLine(formatBufferLine(line))).toEqual(line);
    expect(formatBufferLine(fold)).toBe("- 2026-07-01 to 2026-08-15: Four stretches on the lease (filed in pages/Lease)");
    const all = [lines[0], fold, marked];
    expect(parseBufferBlock(formatBufferBlock(all.map(formatBufferLine), [0, 1]))).toEqual({ lines: all, gapsAfter: [0, 1] });
  });
});

describe("the block for a model without tools", () => {
  it("says search is unavailable in its note and gap markers, and parses the same", () => {
    const text = formatBufferBlock(["- 2026-10-02: Owner planned a second shop (filed in pages/Second Shop)"], [0]);
    const plain = withoutSearch(text);
    expect(plain.split("\n")).toEqual([BUFFER_HEADER, BUFFER_NOTE_WITHOUT_TOOLS, "- 2026-10-02: Owner planned a second shop (filed in pages/Second Shop)", BUFFER_GAP_LINE_WITHOUT_TOOLS]);
    expect(plain).not.toContain(BUFFER_NOTE);
    expect(parseBufferBlock(plain)).toEqual(parseBufferBlock(text));
    expect(text).toContain(BUFFER_GAP_LINE);
  });
});
