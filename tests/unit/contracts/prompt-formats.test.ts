import { describe, expect, it } from "vitest";
import { systemPrompt } from "@/lib/agent/prompt";
import { ASK_THE_BUSINESS, CUSTOMER_CHAT_LINE, formatAskTheBusiness, isCustomerChat, parseAskTheBusiness } from "@/lib/contracts/prompt/customer-voice";
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
// parse half; these round trips are what keeps the two in step. The buffer
// block's pair, and the page references and sections every format shares,
// come from the episodic-buffer package, whose own tests round-trip them.

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
