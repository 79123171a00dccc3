import { asSchema, tool } from "ai";
import type { ToolRoom } from "@/lib/agent/tool-room";
import { readPageInput, searchHistoryInput, searchLimit } from "@/lib/contracts/tools";
import type { Db } from "@/lib/db/client";
import type { PromptScreen } from "@/lib/guard/screen";
import { searchChatHistory } from "@/lib/history/search";
import type { ToolSchema } from "@/lib/models/runtime";
import type { Audience } from "@/lib/pages/audience";
import { readPage } from "@/lib/pages/read";

/**
 * windowFromSeq: the first message the model can see; search covers only what came before it.
 * room: what the context has left for tool results; a result past it is cut, the model told so.
 */
export type ToolScope = { db: Db; workspaceId: string; threadId: string; windowFromSeq: number; audience: Audience; screen: PromptScreen; room?: ToolRoom };

const DESCRIPTIONS = {
  read_page:
    "Open a topic page of the business's long-term memory, e.g. one a line under [EARLIER IN THIS THREAD] was filed in. Returns its facts with status and where each came from.",
  search_chat_history:
    "Find words in this thread's older messages, the ones you cannot see. Returns the best-matching messages with their date, #number and the matched words, and a note saying how well they matched.",
} as const;

/** The tools as a model is offered them (name, description, input schema): what they cost in its prompt. */
export async function agentToolSchemas(): Promise<ToolSchema[]> {
  return [
    { name: "read_page", description: DESCRIPTIONS.read_page, inputSchema: await asSchema(readPageInput).jsonSchema },
    { name: "search_chat_history", description: DESCRIPTIONS.search_chat_history, inputSchema: await asSchema(searchHistoryInput).jsonSchema },
  ];
}

/** The agent's tools. Their results are stored text on its way into the prompt, so every string passes the screen. */
export function agentTools(scope: ToolScope) {
  // A page's newest facts and search's best matches are the ones kept when a result must be cut.
  const fit = async <T extends Record<string, unknown>>(name: string, input: unknown, value: T, keep: "first" | "last") =>
    scope.room ? scope.room.fit(name, input, value, keep) : value;
  return {
    read_page: tool({
      description: DESCRIPTIONS.read_page,
      inputSchema: readPageInput,
      strict: true,
      execute: async (input) => fit("read_page", input, scope.screen.screenValue("tool-result", await readPage(scope.db, scope.workspaceId, input.title, scope.audience)), "last"),
    }),
    search_chat_history: tool({
      description: DESCRIPTIONS.search_chat_history,
      inputSchema: searchHistoryInput,
      strict: true,
      execute: async (input) =>
        fit(
          "search_chat_history",
          input,
          scope.screen.screenValue("tool-result", await searchChatHistory(scope.db, scope.threadId, input.query, scope.windowFromSeq, searchLimit(input.limit))),
          "first",
        ),
    }),
  };
}

export type AgentTools = ReturnType<typeof agentTools>;
export type ToolName = keyof AgentTools;
