import { readConfig, type AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ThreadKind } from "@/lib/db/generated/client";
import { fileFact } from "@/lib/pages/facts";
import { appendMessages, type NewMessage } from "@/lib/threads/messages";

/** The app's defaults, with the offline model streaming at full speed. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return readConfig({ OFFLINE_MODEL_DELAY_MS: "0", ...overrides });
}

export async function makeWorkspace(db: Db, slug: string) {
  return db.workspace.create({ data: { slug, name: `${slug} Co` } });
}

export async function makeThread(db: Db, workspaceId: string, kind: ThreadKind = "OWNER", title = "Thread") {
  return db.thread.create({ data: { workspaceId, title, kind } });
}

/** A workspace with one owner thread. */
export async function ownerThread(db: Db, slug: string) {
  const workspace = await makeWorkspace(db, slug);
  const thread = await makeThread(db, workspace.id);
  return { workspace, thread };
}

/** An owner thread whose one message, the Main St lease at $2,350 a month, is filed on "Second Location" and consolidated. */
export async function leaseThread(db: Db, slug: string) {
  const { workspace, thread } = await ownerThread(db, slug);
  const [said] = await addConversation(db, thread.id, [{ who: "owner", text: "The Main St lease is $2,350 a month." }]);
  await db.$transaction((tx) =>
    fileFact(tx, {
      workspaceId: workspace.id,
      pageTitle: "Second Location",
      key: "preferred lease",
      text: "Main St lease at $2,350/mo",
      source: "OWNER",
      threadId: thread.id,
      messageId: said.id,
      messageSeq: said.seq,
      replaces: null,
    }),
  );
  await db.thread.update({ where: { id: thread.id }, data: { consolidatedSeq: 1 } });
  return { workspace, thread };
}

/** Owner (or customer) and agent lines alternating, a few minutes apart from `start`. */
export async function addConversation(
  db: Db,
  threadId: string,
  lines: { who: "owner" | "customer" | "agent"; text: string }[],
  start = new Date("2026-10-02T15:00:00Z"),
  minutesApart = 5,
) {
  const offset = await db.thread.findUniqueOrThrow({ where: { id: threadId }, select: { lastSeq: true } });
  const messages: NewMessage[] = lines.map((line, i) => ({
    role: line.who === "agent" ? "ASSISTANT" : "USER",
    speaker: line.who === "agent" ? "AGENT" : line.who === "owner" ? "OWNER" : "CUSTOMER",
    text: line.text,
    createdAt: new Date(start.getTime() + (offset.lastSeq + i) * minutesApart * 60_000),
  }));
  return db.$transaction((tx) => appendMessages(tx, threadId, messages));
}
