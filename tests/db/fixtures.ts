import { readConfig, type AppConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ThreadKind } from "@/lib/db/generated/client";
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
