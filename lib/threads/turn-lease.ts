import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Prisma } from "@/lib/db/generated/client";
import type { Db } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/ids";
import type { Message, ThreadKind } from "@/lib/db/generated/client";
import { currentInstance, deadBefore } from "@/lib/threads/instances";
import { MESSAGE_COLUMNS, storedParts, utcTimestamp } from "@/lib/threads/messages";
import { titleFromMessage, UNTITLED_THREAD, type TurnThread } from "@/lib/threads/queries";

// One turn at a time per thread, across every app instance on the database:
// a turn claims the thread's row (a conditional UPDATE, so of two claims at
// once exactly one wins) before it saves the user's message, and lets go once
// its reply is saved. The claim names the instance that made it and carries
// an expiry: a claim whose instance stopped sending heartbeats
// (lib/threads/instances.ts) is dead and the thread free again, and one that
// outlives its expiry is too, whatever its instance.

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
/** Where a thread's claim is free: none, expired, or held by an instance known to be dead. */
function claimIsFree(now: Date): Prisma.Sql {
  return Prisma.sql`(t."turnLeaseUntil" IS NULL OR t."turnLeaseUntil" < ${utcTimestamp(now)}::timestamp(3)
    OR (t."turnLeaseInstance" IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM "ServerInstance" i WHERE i.id = t."turnLeaseInstance" AND i."heartbeatAt" >= ${utcTimestamp(deadBefore(now))}::timestamp(3))))`;
}

export type LeaseRequest = {
  workspaceId: string;
  threadId: string;
  leaseMs: number;
  text: string | null;
  /** No other process can use this database (the embedded one): any other instance is dead. */
  sole: boolean;
};

export async function claimTurnAndAppend(db: Db, request: LeaseRequest): Promise<StartedThreadTurn | null> {
  const { workspaceId, threadId, leaseMs, text } = request;
  const instance = await currentInstance(db, { sole: request.sole });
  const leaseId = randomUUID();
  const now = new Date();
  const at = utcTimestamp(now);
  const adding = text === null ? 0 : 1;
  const [row] = await db.$queryRaw<StartRow[]>`
    WITH claimed AS (
      UPDATE "Thread" t SET
        "turnLeaseId" = ${leaseId},
        "turnLeaseUntil" = ${utcTimestamp(new Date(now.getTime() + leaseMs))}::timestamp(3),
        "turnLeaseInstance" = ${instance},
        "updatedAt" = ${at}::timestamp(3),
        "lastSeq" = t."lastSeq" + ${adding}::int,
        title = CASE WHEN ${adding}::int = 1 AND t."lastSeq" = 0 AND t.title = ${UNTITLED_THREAD} THEN ${text === null ? UNTITLED_THREAD : titleFromMessage(text)} ELSE t.title END
      FROM "Workspace" w
      WHERE t.id = ${threadId} AND t."workspaceId" = ${workspaceId} AND w.id = t."workspaceId"
        AND ${claimIsFree(now)}
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
export async function startThreadTurn(db: Db, request: LeaseRequest & { waitMs: number }): Promise<StartedThreadTurn | "not-found" | "busy"> {
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
  await db.thread.updateMany({ where: { id: threadId, turnLeaseId: leaseId }, data: { turnLeaseId: null, turnLeaseUntil: null, turnLeaseInstance: null } });
}

/** Whether a turn is being answered in the thread right now: a claim that has not lapsed, by an instance still alive. */
export async function turnInFlight(db: Db, threadId: string, now = new Date()): Promise<boolean> {
  const [row] = await db.$queryRaw<{ free: boolean }[]>`SELECT ${claimIsFree(now)} AS free FROM "Thread" t WHERE t.id = ${threadId}`;
  return row ? !row.free : false;
}
