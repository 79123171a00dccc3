// Plays a conversation through the real turn (the model writes every reply
// and the memory pass runs after each one), then asks its questions under
// recall alone (B) and recall with the buffer (C), restoring the thread after
// each, and measures what the issue asks of a careful model: facts filed on
// pages a reader would name, a question that only describes its topic
// answered by opening the page a buffer line points at, and a question recall
// already answers answered without opening anything.

import { runTurn } from "@/lib/agent/turn";
import type { AppConfig } from "@/lib/config";
import { NO_SUMMARY } from "@/lib/context/compressor";
import type { Db } from "@/lib/db/client";
import { ARMS } from "@/lib/eval/arms";
import { restoreThread } from "@/lib/eval/run";
import type { ModelRoles } from "@/lib/models";
import type { Conversation } from "@/evaluation/conversations/conversation";

export const QUESTION_ARMS = ["B", "C"] as const;
export type QuestionArm = (typeof QUESTION_ARMS)[number];

export type FactResult = { value: string; pages: string[]; filedOn: string[]; readerWould: boolean };

export type QuestionResult = {
  ask: string;
  expect: string;
  namesTopic: boolean;
  arm: QuestionArm;
  answer: string;
  right: boolean;
  /** Pages the live facts stating the value are on. */
  factPages: string[];
  /** A shown buffer line points at one of those pages. */
  pointed: boolean;
  /** The recalled pages in the prompt hold the value. */
  recallHeld: boolean;
  /** Titles read_page was called with, in order. */
  opened: string[];
  /** read_page opened one of the fact's pages. */
  followed: boolean;
  searched: boolean;
};

export type ConversationResult = { business: string; kind: string; messages: number; pages: string[]; facts: FactResult[]; questions: QuestionResult[] };

const normalise = (title: string) =>
  title
    .toLowerCase()
    .replace(/^pages\//, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/s$/, "");

const sameTitle = (a: string, b: string) => normalise(a) === normalise(b);

function titleOf(input: unknown): string {
  const title = typeof input === "object" && input !== null ? (input as { title?: unknown }).title : undefined;
  return typeof title === "string" ? title : "";
}

export async function playConversation(
  db: Db,
  config: AppConfig,
  models: ModelRoles,
  conversation: Conversation,
  slug: string,
): Promise<ConversationResult> {
  const workspace = await db.workspace.create({ data: { slug, name: conversation.business } });
  const thread = await db.thread.create({ data: { workspaceId: workspace.id, title: conversation.title, kind: "OWNER" } });
  for (const text of conversation.owner) {
    await runTurn({ db, config, models, workspaceId: workspace.id, threadId: thread.id, text, consolidate: { kind: "inline" } });
  }
  const { lastSeq } = await db.thread.findUniqueOrThrow({ where: { id: thread.id }, select: { lastSeq: true } });
  const live = await db.fact.findMany({
    where: { threadId: thread.id, status: { in: ["CONFIRMED", "PENDING"] } },
    select: { text: true, page: { select: { title: true } } },
  });
  const pagesStating = (value: string) => [...new Set(live.filter((f) => f.text.includes(value)).map((f) => f.page.title))];

  const facts = conversation.facts.map((fact): FactResult => {
    const filedOn = pagesStating(fact.value);
    return { ...fact, filedOn, readerWould: filedOn.some((page) => fact.pages.some((name) => sameTitle(page, name))) };
  });

  const questions: QuestionResult[] = [];
  for (const q of conversation.questions) {
    const factPages = pagesStating(q.expect);
    const onFactPage = (title: string) => factPages.some((page) => sameTitle(title, page));
    for (const arm of QUESTION_ARMS) {
      const outcome = await runTurn({
        db,
        config,
        models,
        workspaceId: workspace.id,
        threadId: thread.id,
        text: q.ask,
        context: ARMS[arm].context({ window: config.window, config, summary: NO_SUMMARY }),
        consolidate: { kind: "skip" },
      });
      await restoreThread(db, thread.id, lastSeq);
      const { trace } = outcome;
      const opened = trace.toolCalls.filter((c) => c.name === "read_page").map((c) => titleOf(c.input));
      questions.push({
        ask: q.ask,
        expect: q.expect,
        namesTopic: q.namesTopic,
        arm,
        answer: outcome.answer,
        right: outcome.answer.includes(q.expect),
        factPages,
        pointed: trace.buffer.chosen.some((line) => line.line !== null && line.pages.some(onFactPage)),
        recallHeld: trace.prompt.system.includes(q.expect) && trace.recall.pages.some((p) => onFactPage(p.title)),
        opened,
        followed: opened.some(onFactPage),
        searched: trace.toolCalls.some((c) => c.name === "search_chat_history"),
      });
    }
  }
  const pages = await db.page.findMany({ where: { workspaceId: workspace.id }, select: { title: true }, orderBy: { title: "asc" } });
  return { business: conversation.business, kind: conversation.kind, messages: lastSeq, pages: pages.map((p) => p.title), facts, questions };
}

type Count = { count: number; n: number };

const count = <T>(items: readonly T[], test: (item: T) => boolean): Count => ({ count: items.filter(test).length, n: items.length });

export type Figures = {
  factsOnReaderPages: Count;
  byArm: Record<
    QuestionArm,
    {
      /** Questions that only describe their topic: answered right; a line points at the page; of those, the page opened; right by following it. */
      describing: { right: Count; pointed: Count; openedWhenPointed: Count; rightByFollowing: Count };
      naming: { right: Count };
      /** Questions whose answer recall already put in the prompt: opened no page, and right. */
      recallHeld: { openedNothing: Count; right: Count };
    }
  >;
};

export function figuresOf(results: readonly ConversationResult[]): Figures {
  const facts = results.flatMap((r) => r.facts);
  const armFigures = (arm: QuestionArm) => {
    const asked = results.flatMap((r) => r.questions).filter((q) => q.arm === arm);
    const describing = asked.filter((q) => !q.namesTopic);
    const pointed = describing.filter((q) => q.pointed);
    const held = asked.filter((q) => q.recallHeld);
    return {
      describing: {
        right: count(describing, (q) => q.right),
        pointed: count(describing, (q) => q.pointed),
        openedWhenPointed: count(pointed, (q) => q.followed),
        rightByFollowing: count(describing, (q) => q.followed && q.right),
      },
      naming: { right: count(asked.filter((q) => q.namesTopic), (q) => q.right) },
      recallHeld: { openedNothing: count(held, (q) => q.opened.length === 0), right: count(held, (q) => q.right) },
    };
  };
  return { factsOnReaderPages: count(facts, (f) => f.readerWould), byArm: { B: armFigures("B"), C: armFigures("C") } };
}

const ratio = ({ count, n }: Count) => `${count}/${n}${n > 0 ? ` (${Math.round((100 * count) / n)}%)` : ""}`;

/** The figures and, per conversation, where each fact landed and what each question got. */
export function figuresMarkdown(results: readonly ConversationResult[], heading: string): string {
  const f = figuresOf(results);
  const lines = [
    `## ${heading}`,
    "",
    `Facts filed on a page a reader would name: ${ratio(f.factsOnReaderPages)}`,
    "",
    "| Arm | Describing questions right | A line points at the fact's page | Opened it when pointed | Right by following the line | Naming questions right | Recall held the answer: opened nothing | Recall held it: right |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ...QUESTION_ARMS.map((arm) => {
      const a = f.byArm[arm];
      return `| ${arm} · ${ARMS[arm].label} | ${ratio(a.describing.right)} | ${ratio(a.describing.pointed)} | ${ratio(a.describing.openedWhenPointed)} | ${ratio(a.describing.rightByFollowing)} | ${ratio(a.naming.right)} | ${ratio(a.recallHeld.openedNothing)} | ${ratio(a.recallHeld.right)} |`;
    }),
  ];
  for (const r of results) {
    lines.push("", `### ${r.business} (${r.kind}, ${r.messages} messages)`, "", `Pages: ${r.pages.join(", ") || "none"}`, "");
    for (const fact of r.facts) {
      lines.push(`- ${fact.readerWould ? "✓" : "✗"} ${fact.value} filed on ${fact.filedOn.join(", ") || "no page"} (a reader: ${fact.pages.join(" / ")})`);
    }
    lines.push("");
    for (const q of r.questions.filter((x) => x.arm === "C")) {
      const tools = [...q.opened.map((t) => `read_page ${t}`), ...(q.searched ? ["search"] : [])].join(", ") || "no tool";
      lines.push(
        `- ${q.right ? "✓" : "✗"} ${q.namesTopic ? "names" : "describes"}: "${q.ask}" (${q.expect}; ${q.pointed ? "pointed" : "not pointed"}, ${q.recallHeld ? "recall held it" : "not recalled"}; ${tools}) → ${q.answer}`,
      );
    }
  }
  return lines.join("\n");
}
