import { tool } from "ai";
import { readPageInput, searchHistoryInput, searchLimit } from "@/lib/contracts/tools";
import type { Db } from "@/lib/db/client";
import type { PromptScreen } from "@/lib/guard/screen";
import { searchChatHistory } from "@/lib/history/search";
import type { Audience } from "@/lib/pages/audience";
import { readPage } from "@/lib/pages/read";

/** windowFromSeq: the first message the model can see; search covers only what came before it. */
export type ToolScope = { db: Db; workspaceId: string; threadId: string; windowFromSeq: number; audience: Audience; screen: PromptScreen };

/** The agent's tools. Their results are stored text on its way into the prompt, so every string passes the screen. */
export function agentTools(scope: ToolScope) {
  return {
    read_page: tool({
      description:
        "Open a topic page of the business's long-term memory, e.g. one a line under [EARLIER IN THIS THREAD] was filed in. Returns its facts with status and where each came from.",
      inputSchema: readPageInput,
      strict: true,
      execute: async ({ title }) => scope.screen.screenValue("tool-result", await readPage(scope.db, scope.workspaceId, title, scope.audience)),
    }),
    search_chat_history: tool({
      description:
        "Find words in this thread's older messages, the ones you cannot see. Returns the best-matching messages with their date, #number and the matched words, and a note saying how well they matched.",
      inputSchema: searchHistoryInput,
      strict: true,
      execute: async ({ query, limit }) =>
        scope.screen.screenValue("tool-result", await searchChatHistory(scope.db, scope.threadId, query, scope.windowFromSeq, searchLimit(limit))),
    }),
  };
}

export type AgentTools = ReturnType<typeof agentTools>;
export type ToolName = keyof AgentTools;
