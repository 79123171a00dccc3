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

// Prompts shaped like the agent's prompt builder writes them, and fake tools
// that return canned outputs and record how they were called.

/** Mentions the headers in prose, as the real persona does, so parsing must not be fooled by them. */
export const PERSONA = [
  "You are Miles, the business assistant of Bayou Bakes. You work with the owner in long-running threads.",
  "Lines under [EARLIER IN THIS THREAD] are your own notes on older stretches: open its page with read_page before answering.",
  "Facts marked (unconfirmed) were only said by you and the owner has not confirmed them: say so when you use one.",
].join("\n");

export type RecalledFact = { text: string; label?: FactLine["label"]; source?: "owner" | "agent"; day?: string };

export function systemWithRecall(pages: { title: string; facts: RecalledFact[] }[]): string {
  const recalled = formatRecalledPages(
    pages.map((p) => ({
      title: p.title,
      facts: p.facts.map((f) => ({ text: f.text, label: f.label ?? "confirmed", source: f.source ?? "owner", day: f.day ?? "2026-10-02" })),
    })),
  );
  return [PERSONA, "", recalled ?? ""].join("\n");
}

export function bufferLine(day: string, gist: string, pages: string[]): string {
  return formatBufferLine({ since: null, day, gist, pages, more: 0, marks: [] });
}

/** The §09 case study's buffer block. */
export const CASE_STUDY_BUFFER = formatBufferBlock(
  [
    bufferLine("2026-10-02", "Owner wants a second location in Houma; budget under $2,500/mo", ["Second Location"]),
    bufferLine("2026-10-11", "Compared two lease quotes; leaning to the Main St one", ["Second Location", "Budget"]),
  ],
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
    day: "2026-10-11",
    threadTitle: "Second location",
    messageSeq: 14,
    ...overrides,
  };
}

export const SECOND_LOCATION_PAGE: ReadPageOutput = {
  title: "Second Location",
  found: true,
  facts: [
    pageFact("Budget under $2,500/mo for the Houma location", { key: "monthly budget", day: "2026-10-02", messageSeq: 3 }),
    pageFact("Main St lease quote is $2,300/mo", { key: "main st lease price", status: "SUPERSEDED" }),
    pageFact("Main St lease quote came down to $2,150/mo", { key: "main st lease price", messageSeq: 15 }),
    pageFact("Preferred lease: leaning to the Main St one", { key: "preferred lease", messageSeq: 16 }),
    pageFact("Elm St lease is the better pick", { key: "preferred lease", status: "REJECTED", source: "AGENT" }),
  ],
};

export type ToolCallRecord = { toolName: string; input: unknown };

/** read_page and search_chat_history with canned answers; every call lands in `calls`. */
export function fakeTools(options: {
  pages?: ReadPageOutput[];
  search?: (query: string) => SearchHistoryOutput;
}) {
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
