import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { consolidateThread } from "@/lib/memory/consolidate";
import { createOfflineModel } from "@/lib/models/offline";
import { appendMessages } from "@/lib/threads/messages";
import { DEMO_THREADS, DEMO_WORKSPACE_NAME } from "@/lib/workspaces/demo-story";

export const DEMO_WORKSPACE_SLUG = "demo";

/** Concurrent first requests queue behind the one seeding; Prisma's 2 s / 5 s defaults would fail them. */
const SEED_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

/**
 * Creates the demo business with its story once. The unique slug decides
 * which of several concurrent first requests seeds: the insert of every other
 * one does nothing, and it writes no threads. The winner then files the
 * threads into memory with the deterministic offline model, so pages, facts
 * and episodes are there on first run whichever model answers chats.
 */
export async function seedDemoWorkspace(db: Db): Promise<Workspace> {
  const { workspace, threadIds } = await db.$transaction(async (tx) => {
    const claimed = await tx.workspace.createMany({
      data: [{ slug: DEMO_WORKSPACE_SLUG, name: DEMO_WORKSPACE_NAME }],
      skipDuplicates: true,
    });
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { slug: DEMO_WORKSPACE_SLUG } });
    if (claimed.count === 0) return { workspace, threadIds: [] };
    const ids: string[] = [];
    for (const story of DEMO_THREADS) {
      const thread = await tx.thread.create({
        data: { workspaceId: workspace.id, title: story.title, kind: story.kind, createdAt: story.createdAt },
      });
      await appendMessages(tx, thread.id, story.messages);
      ids.push(thread.id);
    }
    return { workspace, threadIds: ids };
  }, SEED_TRANSACTION);

  const model = createOfflineModel({ delayMs: 0 });
  for (const threadId of threadIds) {
    const outcome = await consolidateThread(db, model, workspace.id, threadId);
    if (!outcome.finished) throw new Error(`Seeding the demo workspace could not consolidate a thread: ${outcome.error}`);
  }
  return workspace;
}
