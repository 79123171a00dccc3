import type { ModelMessage } from "ai";
import { fitPrompt, type FittedPrompt } from "@/lib/agent/budget";
import { promptEntries, recalledFor, screenRecalledPages, systemPrompt } from "@/lib/agent/prompt";
import { layoutConversation } from "@/lib/agent/prompt-layout";
import type { AppConfig } from "@/lib/config";
import type { ContextConfig } from "@/lib/context";
import { fedTitles, mergeFed } from "@/lib/context/feed";
import type { ContextSelection } from "@/lib/context/strategy";
import { withoutSearch } from "@/lib/contracts/prompt/buffer-block";
import { formatNotShownNote } from "@/lib/contracts/prompt/not-shown";
import { formatRecalledPages } from "@/lib/contracts/prompt/recalled-pages";
import type { Db } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import type { PromptScreen } from "@/lib/guard/screen";
import { visibleWindowStart } from "@/lib/history/search";
import type { ModelChoice } from "@/lib/models";
import type { ToolSchema } from "@/lib/models/runtime";
import { audienceOf } from "@/lib/pages/audience";
import { readPagesByTitle } from "@/lib/pages/by-title";
import { recallPages, type RecalledPage } from "@/lib/pages/recall";
import type { TurnThread } from "@/lib/threads/queries";

export type BuiltContext = {
  selection: ContextSelection;
  recalled: RecalledPage[];
  /** Titles among `recalled` that only the feed brought (§10); empty with the feed off. */
  fromFeed: string[];
  /** The recalled pages' section as sent (the pages the budget kept); null when none has facts to show. */
  recallText: string | null;
  system: string;
  messages: ModelMessage[];
  /** Where the unbroken run of messages the model is shown begins: search covers the thread before it. */
  windowFromSeq: number;
  /** How the prompt was fitted to the model's context; null when it could not be counted (the model did not load). */
  budget: FittedPrompt["budget"] | null;
  /** Why the prompt cannot be sent even at its minimum; null when it fits. */
  tooLarge: string | null;
  /** The texts a model that refuses tools is shown instead (system prompt, notes), for the call's fallback. */
  withoutTools: Map<string, string>;
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
 * The prompt is then fitted to the model's context (lib/agent/budget.ts):
 * `tools` are the schemas it is offered, null when it runs without them;
 * `budgeted: false` (a model that failed to load cannot count) leaves it whole.
 */
export async function buildContext(args: {
  db: Db;
  config: AppConfig;
  context: ContextConfig;
  thread: TurnThread;
  userMessage: Message;
  screen: PromptScreen;
  choice: ModelChoice;
  tools: ToolSchema[] | null;
  budgeted: boolean;
}): Promise<BuiltContext> {
  const { db, config, context, thread, userMessage, screen, choice } = args;
  const [select, recall] = await Promise.all([
    timed(() => context.strategy.select({ db, threadId: thread.id, screen })),
    timed(() =>
      context.recall ? recallPages(db, thread.workspaceId, userMessage.text, config.recallPages, audienceOf(thread.kind)) : Promise.resolve([]),
    ),
  ]);
  // The feed reads the lines the strategy chose, so it follows the selection rather than running beside it.
  const fed = context.recall && context.feed ? await feedRecall(db, thread, select.value, recall.value, config.recallPages) : null;
  const recalled = fed?.pages ?? recall.value;
  const pages = screenRecalledPages(recalled, screen);
  const business = screen.screenOrMark("business-name", thread.workspace.name);
  const searchable = args.tools !== null;
  const entries = promptEntries(select.value, screen, searchable);
  const systemWith = (kept: number) => systemPrompt(business, thread.kind, pages.slice(0, kept), searchable);
  const fitted = args.budgeted
    ? await fitPrompt({
        meter: choice.runtime.meter,
        context: await choice.runtime.contextSize(),
        replyTokens: config.replyTokens,
        systemWith,
        pageTitles: pages.map((p) => p.title),
        entries,
        messageSeqs: select.value.messages.map((m) => m.seq),
        searchable,
        tools: args.tools ?? [],
      })
    : {
        system: systemWith(pages.length),
        messages: layoutConversation(entries, formatNotShownNote({ leftOut: 0, searchable })),
        pages: pages.length,
        droppedMessages: 0,
        budget: null,
        tooLarge: null,
      };
  const notes = entries.flatMap((e) => (e.kind === "note" ? [e.text] : []));
  const notShown = [0, fitted.droppedMessages].map((leftOut) => [formatNotShownNote({ leftOut, searchable: true }), formatNotShownNote({ leftOut, searchable: false })] as const);
  return {
    selection: select.value,
    recalled,
    fromFeed: fed?.fromFeed ?? [],
    recallText: formatRecalledPages(pages.slice(0, fitted.pages), recalledFor(thread.kind)),
    system: fitted.system,
    messages: fitted.messages,
    windowFromSeq: visibleWindowStart(
      select.value.messages.slice(fitted.droppedMessages).map((m) => m.seq),
      userMessage.seq,
    ),
    budget: fitted.budget,
    tooLarge: fitted.tooLarge,
    withoutTools: new Map([
      [fitted.system, systemPrompt(business, thread.kind, pages.slice(0, fitted.pages), false)],
      ...notes.map((text) => [text, withoutSearch(text)] as const),
      ...notShown,
    ]),
    timings: { selectMs: select.ms, recallMs: recall.ms },
  };
}

async function feedRecall(db: Db, thread: TurnThread, selection: ContextSelection, recalled: RecalledPage[], cap: number) {
  const titles = fedTitles(selection.buffer.chosen);
  const fed = await readPagesByTitle(db, thread.workspaceId, titles, audienceOf(thread.kind));
  return mergeFed(recalled, fed, cap);
}
