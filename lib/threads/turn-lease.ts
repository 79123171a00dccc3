import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@/lib/db/client";
import { newRecordId } from "@/lib/db/ids";
import type { Message } from "@/lib/db/generated/client";
import { currentInstance, deadBefore } from "@/lib/threads/instances";
import { messageJson, storedParts } from "@/lib/threads/messages";
import { claimIsFree, claimTurn } from "@/lib/threads/sql";
import { titleFromMessage, UNTITLED_THREAD, type TurnThread } from "@/lib/threads/queries";

// One turn at a time per thread, across every app instance on the database:
// a turn claims the thread's row (a conditional UPDATE, so of two claims at
// once exactly one wins) before it saves the user's message, and lets go once
// its reply is saved. The claim names the instance that made it and carries
// an expiry: a claim whose instance stopped sending heartbeats
// (lib/threads/instances.ts) is dead and the thread free again, and one that
// outlives its expiry is too, whatever its instance.

export type StartedThreadTurn = { leaseId: string; thread: TurnThread; userMessage: Message | null };

export type LeaseRequest = {
  workspaceId: string;
  threadId: string;
  leaseMs: number;
  text: string | null;
  /** No other process can use this database (the embedded one): any other instance is dead. */
  sole: boolean;
};

/**
 * A turn's first statement: claims the thread of this workspace (a claim is
 * free when there is none, it expired, or its instance is known dead), reads
 * what the turn needs of it and of its workspace, and, when `text` is given,
 * appends it as the user's message at the next seq and names an untitled,
 * empty thread after it, all at once. Null when the thread is held by
 * another turn or is not this workspace's; nothing is written then.
 */
export async function claimTurnAndAppend(db: Db, request: LeaseRequest): Promise<StartedThreadTurn | null> {
  const { workspaceId, threadId, leaseMs, text } = request;
  const instance = await currentInstance(db, { sole: request.sole });
  const leaseId = randomUUID();
  const now = new Date();
  const [row] = await db.$queryRawTyped(
    claimTurn(
      threadId,
      workspaceId,
      leaseId,
      new Date(now.getTime() + leaseMs),
      instance,
      now,
      deadBefore(now),
      text === null ? 0 : 1,
      UNTITLED_THREAD,
      text === null ? UNTITLED_THREAD : titleFromMessage(text),
      newRecordId(),
      text ?? "",
      storedParts({ text: text ?? "" }),
    ),
  );
  if (!row) return null;
  const thread = { id: row.id, workspaceId: row.workspaceId, kind: row.kind, title: row.title, workspace: { name: row.workspaceName } };
  return { leaseId, thread, userMessage: row.message === null ? null : messageJson.parse(row.message) };
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
  const [row] = await db.$queryRawTyped(claimIsFree(threadId, now, deadBefore(now)));
  return row ? !row.free : false;
}
