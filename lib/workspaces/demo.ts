import { runTurn, type TurnOutcome } from "@/lib/agent/turn";
import type { AppConfig } from "@/lib/config";
import type { Db, Tx } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { reportStartup } from "@/lib/db/startup-status";
import { consolidateThread } from "@/lib/memory/consolidate";
import { chooseModels, type ModelRoles } from "@/lib/models";
import { redateEpisodesFrom } from "@/lib/episodes/store";
import { publishPagesFiledFrom } from "@/lib/pages/publish";
import { appendMessages, redateMessages } from "@/lib/threads/messages";
import { createThread } from "@/lib/threads/queries";
import { redateTrace } from "@/lib/traces/store";
import { DEMO_PUBLISHED_THREAD, DEMO_SUPPORT, DEMO_THREADS, DEMO_TURNS, DEMO_WORKSPACE_NAME } from "@/lib/workspaces/demo-story";
import { DEMO_WORKSPACE_SLUG, demoSeedConfig, seedOneAtATime } from "@/lib/workspaces/demo-template";

/**
 * On the embedded database seeding is one long chain of promise continuations
 * that never lets the server's event loop reach its sockets, so the loading
 * screen could not even load its script. A short pause after each step lets
 * other requests through.
 */
const PAUSE_BETWEEN_STEPS_MS = 10;
const letOtherRequestsIn = () => new Promise<void>((resolve) => setTimeout(resolve, PAUSE_BETWEEN_STEPS_MS));

/** Concurrent first requests queue behind the one seeding; Prisma's 2 s / 5 s defaults would fail them. */
const SEED_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

/**
 * Creates the demo business with its story once. The unique slug decides
 * which of several concurrent first requests seeds: the insert of every other
 * one does nothing, and it writes no threads. The winner then files the
 * threads into memory with the deterministic offline model, so pages, facts
 * and episodes are there on first run whichever model answers chats, and
 * asks the long thread a few questions through the live turn pipeline so its
 * debug panel has real turns (tool calls, memory passes) to show.
 */
export function seedDemoWorkspace(db: Db): Promise<Workspace> {
  return seedOneAtATime(db, () => seedOnce(db));
}

async function seedOnce(db: Db): Promise<Workspace> {
  reportStartup("seeding", "Writing the demo workspace's threads…");
  const { workspace, threadIds } = await db.$transaction(async (tx) => {
    const claimed = await tx.workspace.createMany({
      data: [{ slug: DEMO_WORKSPACE_SLUG, name: DEMO_WORKSPACE_NAME, demo: true }],
      skipDuplicates: true,
    });
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { slug: DEMO_WORKSPACE_SLUG } });
    if (claimed.count === 0) return { workspace, threadIds: [] };
    return { workspace, threadIds: await writeDemoThreads(tx, workspace.id) };
  }, SEED_TRANSACTION);
  if (threadIds.length > 0) await fileDemoStory(db, workspace.id, threadIds);
  return workspace;
}

async function writeDemoThreads(tx: Tx, workspaceId: string): Promise<string[]> {
  const ids: string[] = [];
  for (const story of DEMO_THREADS) {
    const thread = await createThread(tx, workspaceId, { title: story.title, kind: story.kind, createdAt: story.createdAt });
    await appendMessages(tx, thread.id, story.messages);
    ids.push(thread.id);
  }
  return ids;
}

/**
 * Files the story's threads into memory with the offline model, then plays
 * the support chat and the long thread's questions through the live turn.
 */
async function fileDemoStory(db: Db, workspaceId: string, threadIds: string[]): Promise<void> {
  const config = demoSeedConfig();
  const models = chooseModels(config);
  for (const [i, threadId] of threadIds.entries()) {
    const outcome = await consolidateThread(db, models.memory.model, workspaceId, threadId, {
      runtime: models.memory.runtime,
      onProgress: ({ done, total }) => {
        reportStartup("consolidating", `Filing demo thread ${i + 1} of ${threadIds.length} into memory (message ${done} of ${total})…`, { done, total });
        return letOtherRequestsIn();
      },
    });
    if (!outcome.finished) throw new Error(`Seeding the demo workspace could not consolidate a thread: ${outcome.error}`);
  }
  // The support chat first: the long thread's turns then make it the most recently updated thread, which the app opens on.
  await seedSupportChat(db, config, models, workspaceId);
  await replayDemoTurns(db, config, models, workspaceId);
  reportStartup("ready", "The demo workspace is ready.");
}

const MINUTES_BETWEEN_DEMO_TURNS = 2;

/** A turn played for the story, dated on its calendar: its messages and its trace. */
async function redateTurn(db: Db, outcome: TurnOutcome, at: Date): Promise<void> {
  await redateMessages(db, [outcome.userMessage.id, ...(outcome.assistantMessage ? [outcome.assistantMessage.id] : [])], at);
  await redateTrace(db, outcome.traceId, at);
}

/**
 * Runs DEMO_TURNS' questions as real turns, then dates them just after the
 * story's last message, so the thread keeps its own calendar (the buffer's
 * lines and the recalled facts name days from it).
 */
async function replayDemoTurns(db: Db, config: AppConfig, models: ModelRoles, workspaceId: string) {
  const thread = await db.thread.findFirstOrThrow({ where: { workspaceId, title: DEMO_TURNS.thread } });
  const storyEnd = await db.message.findFirstOrThrow({ where: { threadId: thread.id }, orderBy: { seq: "desc" } });
  for (const [i, text] of DEMO_TURNS.questions.entries()) {
    reportStartup("replaying", `Asking the long demo thread question ${i + 1} of ${DEMO_TURNS.questions.length} through the agent…`, {
      done: i,
      total: DEMO_TURNS.questions.length,
    });
    await letOtherRequestsIn();
    const outcome = await runTurn({ db, config, models, workspaceId, threadId: thread.id, text });
    const at = new Date(storyEnd.createdAt.getTime() + (i + 1) * MINUTES_BETWEEN_DEMO_TURNS * 60_000);
    await redateTurn(db, outcome, at);
    await redateEpisodesFrom(db, thread.id, outcome.userMessage.seq, at);
  }
}

/**
 * The owner publishes the holiday menu's pages to customers, then a customer
 * chats with the live agent: its replies, refusals included, are what the
 * pipeline says with only public, confirmed facts in view.
 */
async function seedSupportChat(db: Db, config: AppConfig, models: ModelRoles, workspaceId: string) {
  const menu = await db.thread.findFirstOrThrow({ where: { workspaceId, title: DEMO_PUBLISHED_THREAD } });
  await publishPagesFiledFrom(db, workspaceId, menu.id);
  const start = Date.parse(DEMO_SUPPORT.at);
  const thread = await createThread(db, workspaceId, { title: DEMO_SUPPORT.title, kind: "SUPPORT", createdAt: new Date(start) });
  for (const [i, text] of DEMO_SUPPORT.messages.entries()) {
    reportStartup("replaying", `A customer asks the support chat question ${i + 1} of ${DEMO_SUPPORT.messages.length}…`, {
      done: i,
      total: DEMO_SUPPORT.messages.length,
    });
    await letOtherRequestsIn();
    const outcome = await runTurn({ db, config, models, workspaceId, threadId: thread.id, text });
    const at = new Date(start + i * MINUTES_BETWEEN_DEMO_TURNS * 60_000);
    await redateTurn(db, outcome, at);
  }
}
