import type { ModelMessage } from "ai";
import { promptEntries, recalledPagesSection, systemPrompt } from "@/lib/agent/prompt";
import { layoutConversation, type PromptEntry } from "@/lib/agent/prompt-layout";
import { formatNotShownNote } from "@/lib/contracts/prompt/not-shown";
import type { AppConfig } from "@/lib/config";
import type { ContextConfig } from "@/lib/context";
import { fedTitles, mergeFed } from "@/lib/context/feed";
import type { ContextSelection } from "@/lib/context/strategy";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import type { PromptScreen } from "@/lib/guard/screen";
import { audienceOf } from "@/lib/pages/audience";
import { readPagesByTitle } from "@/lib/pages/by-title";
import { recallPages, type RecalledPage } from "@/lib/pages/recall";
import type { TurnThread } from "@/lib/threads/queries";

export type BuiltContext = {
  selection: ContextSelection;
  recalled: RecalledPage[];
  /** Titles among `recalled` that only the feed brought (§10); empty with the feed off. */
  fromFeed: string[];
  recallText: string | null;
  system: string;
  /** The window and its notes in order, before the layout makes turns of them. */
  entries: PromptEntry[];
  messages: ModelMessage[];
  timings: { selectMs: number; recallMs: number };
};

const since = (start: number) => performance.now() - start;

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await run();
  return { value, ms: since(start) };
}

/**
 * Phase 2: what the model is shown. The strategy's history and recall are
 * read concurrently; every stored string on its way in passes the screen.
 */
export async function buildContext(args: {
  db: Db;
  config: AppConfig;
  context: ContextConfig;
  thread: TurnThread;
  userMessage: Message;
  screen: PromptScreen;
}): Promise<BuiltContext> {
  const { db, config, context, thread, userMessage, screen } = args;
  const [select, recall] = await Promise.all([
    timed(() => context.strategy.select({ db, threadId: thread.id, screen })),
    timed(() =>
      context.recall ? recallPages(db, thread.workspaceId, userMessage.text, config.recallPages, audienceOf(thread.kind)) : Promise.resolve([]),
    ),
  ]);
  // The feed reads the lines the strategy chose, so it follows the selection rather than running beside it.
  const fed = context.recall && context.feed ? await feedRecall(db, thread, select.value, recall.value, config.recallPages) : null;
  const recalled = fed?.pages ?? recall.value;
  const recallText = recalledPagesSection(recalled, screen);
  const business = screen.screenOrMark("business-name", thread.workspace.name);
  const entries = promptEntries(select.value, screen);
  return {
    selection: select.value,
    recalled,
    fromFeed: fed?.fromFeed ?? [],
    recallText,
    system: systemPrompt(business, thread.kind, recallText),
    entries,
    messages: layoutConversation(entries, formatNotShownNote({ leftOut: 0, searchable: true })),
    timings: { selectMs: select.ms, recallMs: recall.ms },
  };
}

async function feedRecall(db: Db, thread: TurnThread, selection: ContextSelection, recalled: RecalledPage[], cap: number) {
  const titles = fedTitles(selection.buffer.chosen);
  const fed = await readPagesByTitle(db, thread.workspaceId, titles, audienceOf(thread.kind));
  return mergeFed(recalled, fed, cap);
}
