import { tool } from "ai";
import { formatBufferBlock, formatBufferLine } from "@/lib/contracts/prompt/buffer-block";
import { formatRecalledPages, type FactLine } from "@/lib/contracts/prompt/recalled-pages";
import {
  readPageInputSchema,
  searchHistoryInputSchema,
  type PageFact,
  type ReadPageOutput,
  type SearchHistoryOutput,
} from "@/lib/contracts/tools";

// Prompts shaped like the agent's prompt builder writes them, for a kayak
// rental shop's owner, and fake tools that return canned outputs and record
// how they were called.

/** Mentions the headers in prose, as the real persona does, so parsing must not be fooled by them. */
export const PERSONA = [
  "You are Miles, the business assistant of Eddyline Paddle Co. You work with the owner in long-running threads.",
  "Lines under [EARLIER IN THIS THREAD] are your own notes on older stretches: open its page with read_page before answering.",
  "Facts marked (unconfirmed) were only said by you and the owner has not confirmed them: say so when you use one.",
].join("\n");

export type RecalledFact = { text: string; label?: FactLine["label"]; source?: "owner" | "agent"; day?: string };

export function systemWithRecall(pages: { title: string; facts: RecalledFact[] }[]): string {
  const recalled = formatRecalledPages(
    pages.map((p) => ({
      title: p.title,
      facts: p.facts.map((f) => ({ text: f.text, label: f.label ?? "confirmed", source: f.source ?? "owner", day: f.day ?? "2027-04-03" })),
    })),
  );
  return [PERSONA, "", recalled ?? ""].join("\n");
}

export function bufferLine(day: string, gist: string, pages: string[]): string {
  return formatBufferLine({ since: null, day, gist, pages, more: 0, marks: [] });
}

/** The shop's buffer: the first stretch and two recent ones, each pointing at the page it was filed on. */
export const SHOP_LINES = [
  { day: "2027-04-03", gist: "The owner opened the thread to get ready for the summer season; on Kayak Fleet: the owner gave 14 sit-on-top kayaks; noted.", pages: ["Kayak Fleet"] },
  { day: "2027-04-09", gist: "Trailer Truck: the owner gave lease $640 a month; noted.", pages: ["Trailer Truck"] },
  { day: "2027-04-12", gist: "Life Jackets: the owner gave life jackets from Riverbend Outfitters $38 each; decided.", pages: ["Life Jackets"] },
];

export const SHOP_BUFFER = formatBufferBlock(
  SHOP_LINES.map((l) => bufferLine(l.day, l.gist, l.pages)),
  [0],
);

let factId = 0;

export function pageFact(text: string, overrides: Partial<PageFact> = {}): PageFact {
  factId += 1;
  return {
    id: `f${factId}`,
    key: "note",
    text,
    status: "CONFIRMED",
    source: "OWNER",
    day: "2027-04-09",
    threadTitle: "Summer season",
    messageSeq: 14,
    ...overrides,
  };
}

export const TRAILER_TRUCK_PAGE: ReadPageOutput = {
  title: "Trailer Truck",
  found: true,
  facts: [
    pageFact("Our trailer truck is a 2018 F-250, the lease is $610 a month", { key: "lease price", status: "SUPERSEDED", messageSeq: 12 }),
    pageFact("The trailer truck lease is $640 a month now", { key: "lease price", messageSeq: 15 }),
    pageFact("The truck's hitch was replaced for $95", { key: "hitch price", messageSeq: 16 }),
    pageFact("I suggest selling the truck in the fall", { key: "suggestion", status: "REJECTED", source: "AGENT" }),
  ],
};

export type ToolCallRecord = { toolName: string; input: unknown };

/** read_page and search_chat_history with canned answers; every call lands in `calls`. */
export function fakeTools(options: { pages?: ReadPageOutput[]; search?: (query: string) => SearchHistoryOutput }) {
  const calls: ToolCallRecord[] = [];
  const tools = {
    read_page: tool({
      description: "Open a topic page.",
      inputSchema: readPageInputSchema,
      execute: async ({ title }): Promise<ReadPageOutput> => {
        calls.push({ toolName: "read_page", input: { title } });
        return options.pages?.find((p) => p.title.toLowerCase() === title.toLowerCase()) ?? { title, found: false, facts: [] };
      },
    }),
    search_chat_history: tool({
      description: "Find exact words in this thread.",
      inputSchema: searchHistoryInputSchema,
      execute: async ({ query }): Promise<SearchHistoryOutput> => {
        calls.push({ toolName: "search_chat_history", input: { query } });
        return options.search?.(query) ?? { query, matches: [], total: 0, note: "No earlier message matched." };
      },
    }),
  };
  return { tools, calls };
}
