import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Db } from "@/lib/db/client";

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

/** Lets go of the thread, if this claim still holds it. */
export async function releaseTurn(db: Db, threadId: string, leaseId: string): Promise<void> {
  await db.thread.updateMany({ where: { id: threadId, turnLeaseId: leaseId }, data: { turnLeaseId: null, turnLeaseUntil: null } });
}

/** Whether a turn is being answered in the thread right now (a claim that has not lapsed). */
export function turnInFlight(thread: { turnLeaseUntil: Date | null }, now = new Date()): boolean {
  return thread.turnLeaseUntil !== null && thread.turnLeaseUntil > now;
}
