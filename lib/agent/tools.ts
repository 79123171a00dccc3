import { tool } from "ai";
import type { Db } from "@/lib/db/client";
import { neutralise, scanForInjection } from "@/lib/guard/scan";
import { searchChatHistory } from "@/lib/history/search";
import { readPage } from "@/lib/pages/read";
import { readPageInputSchema, searchHistoryInputSchema } from "@/lib/contracts/tools";

const WITHHELD = "[withheld: flagged by the injection scan]";

/** Stored text coming back into a prompt is untrusted: withhold what scans as an injection, flatten the rest. */
function screen(text: string): string {
  return scanForInjection(text).flagged ? WITHHELD : neutralise(text);
}

/** windowFromSeq: the first message the model can see; search covers only what came before it. */
export type ToolScope = { db: Db; workspaceId: string; threadId: string; windowFromSeq: number };

export function agentTools(scope: ToolScope) {
  return {
    read_page: tool({
      description:
        "Open a topic page of the business's long-term memory, e.g. one a line under [EARLIER IN THIS THREAD] was filed in. Returns its facts with status and where each came from.",
      inputSchema: readPageInputSchema,
      execute: async ({ title }) => {
        const page = await readPage(scope.db, scope.workspaceId, title);
        return { ...page, facts: page.facts.map((f) => ({ ...f, text: screen(f.text) })) };
      },
    }),
    search_chat_history: tool({
      description:
        "Find words in this thread's older messages, the ones you cannot see. Returns the best-matching messages with their date, #number and the matched words, and a note saying how well they matched.",
      inputSchema: searchHistoryInputSchema,
      execute: async ({ query, limit }) => {
        const found = await searchChatHistory(scope.db, scope.threadId, query, scope.windowFromSeq, limit);
        return { ...found, matches: found.matches.map((m) => ({ ...m, snippet: screen(m.snippet) })) };
      },
    }),
  };
}

export type AgentTools = ReturnType<typeof agentTools>;
export type ToolName = keyof AgentTools;
