import { describe, expect, it } from "vitest";
import { systemPrompt } from "@/lib/agent/prompt";
import { ASK_THE_BUSINESS, CUSTOMER_CHAT_LINE, formatAskTheBusiness, isCustomerChat, parseAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
import { BUFFER_GAP_LINE, BUFFER_HEADER, formatBufferBlock, formatBufferLine, parseBufferBlock, parseBufferLine, type BufferMark } from "@/lib/contracts/prompt/buffer-block";
import { formatPageRef, parsePageRef, parseSection } from "@/lib/contracts/prompt/common";
import { formatMessageLine, parseMessageLine } from "@/lib/contracts/prompt/message-line";
import { formatFactLine, formatRecalledPages, parseFactLine, parseRecalledPages } from "@/lib/contracts/prompt/recalled-pages";
import {
  formatSummariseInput,
  formatSummaryLine,
  formatSummaryNote,
  parseSummariseInput,
  parseSummaryLine,
  parseSummaryNote,
} from "@/lib/contracts/prompt/summary";
import { readPageOutputSchema, searchHistoryOutputSchema } from "@/lib/contracts/tools";

// Every prompt text format is written by its format half and read by its
// parse half; these round trips are what keeps the two in step.

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

describe("recalled pages", () => {
  const pages = [
    {
      title: "Supplier Terms",
      facts: [
        { text: "Flour from a regional mill at $0.62/lb", label: "confirmed" as const, source: "owner" as const, day: "2026-03-02" },
        { text: "Net-30 payment proposed", label: "unconfirmed" as const, source: "agent" as const, day: "2026-03-04" },
      ],
    },
    { title: "Hiring, part-time", facts: [{ text: "Two weekend bakers wanted", label: "confirmed" as const, source: "owner" as const, day: "2026-03-09" }] },
  ];

  it("round-trips pages and their facts in order", () => {
    expect(parseRecalledPages(formatRecalledPages(pages) ?? "")).toEqual(pages);
  });
  it("writes no section when no page has a fact", () => {
    expect(formatRecalledPages([{ title: "Empty", facts: [] }])).toBeNull();
  });
  it("round-trips one fact line, brackets in the text included", () => {
    const fact = { text: "Oven [model 3] quoted at $4,100", label: "confirmed" as const, source: "owner" as const, day: "2026-01-31" };
    expect(parseFactLine(formatFactLine(fact))).toEqual(fact);
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

describe("message lines", () => {
  it("round-trips a message, flattening its whitespace", () => {
    const message = { seq: 42, day: "2026-02-14", speaker: "owner" as const, text: "Two quotes:\n  $1,200 and $1,450" };
    expect(parseMessageLine(formatMessageLine(message))).toEqual({ ...message, text: "Two quotes: $1,200 and $1,450" });
  });
});

describe("compressor summaries", () => {
  it("round-trips a summary line and the note the turn shows", () => {
    const line = { day: "2026-05-01", speaker: "agent" as const, text: "Proposed moving the launch to May 12" };
    expect(parseSummaryLine(formatSummaryLine(line))).toEqual(line);
    expect(parseSummaryNote(formatSummaryNote(formatSummaryLine(line)))).toEqual([line]);
    expect(parseSummaryNote("[SOMETHING ELSE]\n- x")).toBeNull();
  });
  it("round-trips a summarising call's input", () => {
    const previous = [{ day: "2026-05-01", speaker: "owner" as const, text: "Launch set for May 5" }];
    const messages = [{ seq: 7, day: "2026-05-02", speaker: "owner" as const, text: "Push it a week." }];
    const text = formatSummariseInput({ previous: previous.map(formatSummaryLine).join("\n"), messages });
    expect(parseSummariseInput(text)).toEqual({ previous, messages });
  });
});

describe("tool results", () => {
  it("survive the JSON trip to the model and back through their schemas", () => {
    const page = {
      title: "Pricing",
      found: true,
      facts: [{ id: "f1", key: "box price", text: "$48 a box", status: "CONFIRMED" as const, source: "OWNER" as const, day: "2026-01-02", threadTitle: "Catering", messageSeq: 5 }],
    };
    const search = {
      query: "flour",
      matches: [{ seq: 5, day: "2026-01-02", speaker: "OWNER" as const, snippet: "flour at $0.62", matchedWords: ["flour"] }],
      total: 1,
      note: "1 message holds every word.",
    };
    expect(readPageOutputSchema.parse(JSON.parse(JSON.stringify(page)))).toEqual(page);
    expect(searchHistoryOutputSchema.parse(JSON.parse(JSON.stringify(search)))).toEqual(search);
  });
});

describe("a customer's chat and the mark that hands a question to the business", () => {
  it("round-trips the mark wherever a model put it, and finds none in a plain reply", () => {
    expect(parseAskTheBusiness(formatAskTheBusiness("We'll ask the shop."))).toEqual({ asked: true, text: "We'll ask the shop." });
    expect(parseAskTheBusiness(`We'll ask the shop. ${ASK_THE_BUSINESS}`)).toEqual({ asked: true, text: "We'll ask the shop." });
    expect(parseAskTheBusiness("Open 9 to 5.")).toEqual({ asked: false, text: "Open 9 to 5." });
  });

  it("tells a customer's system prompt by its line standing alone, and an owner's from it", () => {
    expect(isCustomerChat(systemPrompt("Harbor Tiles", "SUPPORT", [], true))).toBe(true);
    expect(isCustomerChat(systemPrompt("Harbor Tiles", "OWNER", [], true))).toBe(false);
    expect(isCustomerChat(`The owner wrote: "${CUSTOMER_CHAT_LINE}"`)).toBe(false);
  });
});
