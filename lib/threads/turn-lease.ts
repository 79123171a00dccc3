import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/ids";
import type { Message, ThreadKind } from "@/lib/db/generated/client";
import { MESSAGE_COLUMNS, storedParts, utcTimestamp } from "@/lib/threads/messages";
import { titleFromMessage, UNTITLED_THREAD, type TurnThread } from "@/lib/threads/queries";

// One turn at a time per thread, across every app instance on the database:
// a turn claims the thread's row (a conditional UPDATE, so of two claims at
// once exactly one wins) before it saves the user's message, and lets go once
// its reply is saved. The claim carries an expiry, so a turn whose server
// died mid-reply stops blocking the thread once it lapses.

/** Claims the thread for one turn; the claim's id, or null while another turn holds it. */
export async function claimTurn(db: Db, threadId: string, leaseMs: number): Promise<string | null> {
  const leaseId = randomUUID();
  const now = new Date();
  const claimed = await db.thread.updateMany({
    where: { id: threadId, OR: [{ turnLeaseUntil: null }, { turnLeaseUntil: { lt: now } }] },
    data: { turnLeaseId: leaseId, turnLeaseUntil: new Date(now.getTime() + leaseMs) },
  });
  return claimed.count === 1 ? leaseId : null;
}

/** Waits up to `waitMs` for the turn in flight to finish, then claims the thread; null if it is still held. */
export async function waitForTurn(db: Db, threadId: string, leaseMs: number, waitMs: number): Promise<string | null> {
  const deadline = Date.now() + waitMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const leaseId = await claimTurn(db, threadId, leaseMs);
    if (leaseId || Date.now() + pause > deadline) return leaseId;
    await sleep(pause);
  }
}

export type StartedThreadTurn = { leaseId: string; thread: TurnThread; userMessage: Message | null };

type StartRow = {
  id: string;
  workspaceId: string;
  kind: ThreadKind;
  title: string;
  workspaceName: string;
  message: Message | null;
};

/**
 * A turn's first statement: claims the thread of this workspace (as
 * claimTurn does), reads what the turn needs of it and of its workspace, and,
 * when `text` is given, appends it as the user's message at the next seq and
 * names an untitled, empty thread after it, all at once. Null when the
 * thread is held by another turn or is not this workspace's; nothing is
 * written then.
 */
export async function claimTurnAndAppend(
  db: Db,
  request: { workspaceId: string; threadId: string; leaseMs: number; text: string | null },
): Promise<StartedThreadTurn | null> {
  const { workspaceId, threadId, leaseMs, text } = request;
  const leaseId = randomUUID();
  const now = new Date();
  const at = utcTimestamp(now);
  const adding = text === null ? 0 : 1;
  const [row] = await db.$queryRaw<StartRow[]>`
    WITH claimed AS (
      UPDATE "Thread" t SET
        "turnLeaseId" = ${leaseId},
        "turnLeaseUntil" = ${utcTimestamp(new Date(now.getTime() + leaseMs))}::timestamp(3),
        "updatedAt" = ${at}::timestamp(3),
        "lastSeq" = t."lastSeq" + ${adding}::int,
        title = CASE WHEN ${adding}::int = 1 AND t."lastSeq" = 0 AND t.title = ${UNTITLED_THREAD} THEN ${text === null ? UNTITLED_THREAD : titleFromMessage(text)} ELSE t.title END
      FROM "Workspace" w
      WHERE t.id = ${threadId} AND t."workspaceId" = ${workspaceId} AND w.id = t."workspaceId"
        AND (t."turnLeaseUntil" IS NULL OR t."turnLeaseUntil" < ${at}::timestamp(3))
      RETURNING t.id, t."workspaceId", t.kind, t.title, t."lastSeq", w.name AS "workspaceName"
    ),
    message AS (
      INSERT INTO "Message" (id, "threadId", seq, role, speaker, status, text, parts, "createdAt")
      SELECT ${newRecordId()}, c.id, c."lastSeq", 'USER', (CASE WHEN c.kind = 'OWNER' THEN 'OWNER' ELSE 'CUSTOMER' END)::"Speaker",
        'COMPLETE', ${text ?? ""}, ${storedParts({ text: text ?? "" })}::jsonb, ${at}::timestamp(3)
      FROM claimed c WHERE ${adding}::int = 1
      RETURNING ${MESSAGE_COLUMNS}
    )
    SELECT c.id, c."workspaceId", c.kind, c.title, c."workspaceName", (SELECT row_to_json(m) FROM message m) AS message
    FROM claimed c`;
  if (!row) return null;
  const thread = { id: row.id, workspaceId: row.workspaceId, kind: row.kind, title: row.title, workspace: { name: row.workspaceName } };
  return { leaseId, thread, userMessage: row.message ? messageFromJson(row.message) : null };
}

/** row_to_json gives timestamp(3) as UTC wall-clock text without a zone. */
function messageFromJson(message: Message): Message {
  return { ...message, createdAt: new Date(`${message.createdAt as unknown as string}Z`) };
}

/**
 * claimTurnAndAppend, waiting up to `waitMs` for a turn in flight to finish;
 * "not-found" when the thread is not this workspace's, "busy" when it is
 * still held after the wait.
 */
export async function startThreadTurn(
  db: Db,
  request: { workspaceId: string; threadId: string; leaseMs: number; waitMs: number; text: string | null },
): Promise<StartedThreadTurn | "not-found" | "busy"> {
  const deadline = Date.now() + request.waitMs;
  for (let pause = 25, checked = false; ; pause = Math.min(pause * 2, 500)) {
    const started = await claimTurnAndAppend(db, request);
    if (started) return started;
    if (!checked) {
      const exists = await db.thread.count({ where: { id: request.threadId, workspaceId: request.workspaceId } });
      if (exists === 0) return "not-found";
      checked = true;
    }
    if (Date.now() + pause > deadline) return "busy";
    await sleep(pause);
  }
}

/** Lets go of the thread, if this claim still holds it. */
export async function releaseTurn(db: Db, threadId: string, leaseId: string): Promise<void> {
  await db.thread.updateMany({ where: { id: threadId, turnLeaseId: leaseId }, data: { turnLeaseId: null, turnLeaseUntil: null } });
}
