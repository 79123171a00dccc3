import type { Db } from "@/lib/db/client";

// A customer's conversation from the public support page: one SUPPORT thread per visitor of a workspace.

/** How the owner tells visitors apart without seeing their cookie: a short prefix of the random id. */
export function visitorLabel(visitorId: string): string {
  return `Customer · visitor ${visitorId.slice(0, 6)}`;
}

/** The visitor's own SUPPORT thread in this workspace, made on their first message; one per visitor. */
export async function visitorThread(db: Db, workspaceId: string, visitorId: string) {
  return db.thread.upsert({
    where: { workspaceId_visitorId: { workspaceId, visitorId } },
    create: { workspaceId, visitorId, kind: "SUPPORT", title: visitorLabel(visitorId) },
    update: {},
    select: { id: true },
  });
}

/** The visitor's messages as the customer sees them: their words and the agent's text, nothing of how it was made. */
export async function visitorTranscript(db: Db, workspaceId: string, visitorId: string) {
  const thread = await db.thread.findUnique({ where: { workspaceId_visitorId: { workspaceId, visitorId } }, select: { id: true } });
  if (!thread) return [];
  return db.message.findMany({ where: { threadId: thread.id }, orderBy: { seq: "asc" }, select: { id: true, role: true, text: true } });
}
