import { tool } from "ai";
import type { Db } from "@/lib/db/client";
import { neutralise, scanForInjection } from "@/lib/guard/scan";
import { searchChatHistory } from "@/lib/history/search";
import { readPage } from "@/lib/pages/read";
import { readPageInput, searchHistoryInput, searchLimit } from "@/lib/contracts/tools";

const WITHHELD = "[withheld: flagged by the injection scan]";

/** Stored text coming back into a prompt is untrusted: withhold what scans as an injection, flatten the rest. */
function screen(text: string): string {
  return scanForInjection(text).flagged ? WITHHELD : neutralise(text);
}

export type ToolScope = { db: Db; workspaceId: string; threadId: string };

export function agentTools(scope: ToolScope) {
  return {
    read_page: tool({
      description:
        "Open a topic page of the business's long-term memory, e.g. one a line under [EARLIER IN THIS THREAD] was filed in. Returns its facts with status and where each came from.",
      inputSchema: readPageInput,
      strict: true,
      execute: async ({ title }) => {
        const page = await readPage(scope.db, scope.workspaceId, title);
        return { ...page, facts: page.facts.map((f) => ({ ...f, text: screen(f.text) })) };
      },
    }),
    search_chat_history: tool({
      description:
        "Find exact words anywhere in this thread's history, including messages far older than the ones you can see. Returns matching messages with their date and #number.",
      inputSchema: searchHistoryInput,
      strict: true,
      execute: async ({ query, limit }) => {
        const found = await searchChatHistory(scope.db, scope.threadId, query, searchLimit(limit));
        return { ...found, matches: found.matches.map((m) => ({ ...m, snippet: screen(m.snippet) })) };
      },
    }),
  };
}

export type AgentTools = ReturnType<typeof agentTools>;
export type ToolName = keyof AgentTools;
