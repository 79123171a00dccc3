import { MemoryRefusal, type MemoryReader } from "episodic-buffer/mcp";
import { readConfig } from "@/lib/config";
import { appContext } from "@/lib/context";
import { recordIdSchema } from "@/lib/contracts/ids";
import { textProblem } from "@/lib/contracts/text";
import { isoDay } from "@/lib/contracts/prompt/common";
import { searchLimit } from "@/lib/contracts/tools";
import type { Db } from "@/lib/db/client";
import { listEpisodes } from "@/lib/episodes/store";
import { PromptScreen } from "@/lib/guard/screen";
import { searchChatHistory } from "@/lib/history/search";
import { readPage } from "@/lib/pages/read";
import { findThreadSummary, listThreads } from "@/lib/threads/queries";
import type { TokenScope } from "@/lib/tokens/store";

// A workspace's memory as the episodic-buffer package's MCP server reads it,
// for one token: its workspace, and what its audience may see there. An
// owner's token reads what the owner reads; a customer's reads only what a
// customer of the business could: published pages' confirmed facts, and no
// thread. Everything stored passes the same screen as a tool result on its
// way into the agent's own prompt, since it is headed into another agent's.

const CUSTOMER_NO_THREADS = "A customer token reads only the pages the business published; threads are the owner's.";

/** The same answer for a page that does not exist and one this token may not read, so neither leaks. */
const noPage = (title: string) => new MemoryRefusal(`No page named "${title}" that this token may read.`);

/** A value stored text goes through before it leaves: flagged strings are withheld, as in a tool result. */
const screened = <T>(value: T): T => new PromptScreen().screenValue("tool-result", value);

function checkText(text: string, what: string): string {
  const problem = textProblem(text);
  if (problem) throw new MemoryRefusal(`The ${what} ${problem}.`);
  return text;
}

export function workspaceMemory(db: Db, scope: () => Promise<TokenScope>): MemoryReader {
  /** The token's thread: refused for a customer token, and for any id that names no thread of its workspace. */
  async function ownersThread(threadId: string) {
    const { workspaceId, audience } = await scope();
    if (audience !== "owner") throw new MemoryRefusal(CUSTOMER_NO_THREADS);
    const thread = recordIdSchema.safeParse(threadId).success ? await findThreadSummary(db, workspaceId, threadId) : null;
    if (!thread) throw new MemoryRefusal("No such thread in this workspace.");
    return thread;
  }

  return {
    async listThreads({ limit }) {
      const { workspaceId, audience } = await scope();
      if (audience !== "owner") throw new MemoryRefusal(CUSTOMER_NO_THREADS);
      const { items } = await listThreads(db, workspaceId, { limit: limit ?? 20 });
      return screened({ threads: items.map((t) => ({ id: t.id, title: t.title, kind: t.kind, messages: t.lastSeq, updatedAt: t.updatedAt.toISOString() })) });
    },

    async readPage({ title }) {
      const { workspaceId, audience } = await scope();
      const page = await readPage(db, workspaceId, checkText(title, "title"), audience);
      if (!page.found) throw noPage(title);
      return screened(page);
    },

    async searchChatHistory({ threadId, query, limit }) {
      const thread = await ownersThread(threadId);
      // The whole thread: a caller from outside has no window, so nothing in it is already in view.
      return screened(await searchChatHistory(db, thread.id, checkText(query, "query"), thread.lastSeq + 1, searchLimit(limit ?? null)));
    },

    async threadBuffer({ threadId }) {
      const thread = await ownersThread(threadId);
      const screen = new PromptScreen();
      // The block's lines passed the screen as it was built, as they do on a turn; the block's own note would not.
      const { messages, buffer } = await appContext(readConfig()).strategy.select({ db, threadId: thread.id, screen });
      const window = messages.length > 0 ? { fromSeq: messages[0].seq, toSeq: messages[messages.length - 1].seq, count: messages.length } : null;
      return { threadId: thread.id, title: screen.screenOrMark("thread-title", thread.title), window, ...buffer };
    },

    async timeline({ threadId, afterSeq }) {
      const thread = await ownersThread(threadId);
      const { items, nextAfterSeq } = await listEpisodes(db, thread.id, { afterSeq: afterSeq ?? 0 });
      const lines = items.map((e) => ({ id: e.id, fromSeq: e.fromSeq, toSeq: e.toSeq, from: isoDay(e.fromAt), to: isoDay(e.toAt), gist: e.gist, pages: e.pages, marks: e.marks }));
      return screened({ threadId: thread.id, lines, nextAfterSeq });
    },
  };
}
