import type { Db, Tx } from "@/lib/db/client";
import type { Message } from "@/lib/db/generated/client";
import { storedParts, type NewMessage } from "@/lib/threads/messages";
import { insertMessagesInBulk } from "@/lib/threads/sql";

// Threads and messages written by the thousand, for a world of a hundred
// thousand messages seeded at once (the benchmark, the paging tests). Each
// statement takes a few thousand rows as one array per column: on the
// embedded database that writes a message in about a third of the time
// createMany's bind parameter per value takes.

/** A message written in bulk: its id and seq chosen by the caller, dated. */
export type BulkMessage = Pick<Message, "id" | "seq" | "role" | "speaker" | "text" | "createdAt"> & Pick<NewMessage, "parts">;

/** A thread written whole, its messages numbered from 1: it was created with its first and last changed with its last. */
export type BulkThread = { id: string; title: string; messages: readonly BulkMessage[] };

const ROWS_PER_STATEMENT = 5_000;
/** A statement of a few thousand rows can outlast an interactive transaction's 5 s default on a busy machine. */
const BULK_TRANSACTION = { timeout: 120_000 };

async function insertMessages(tx: Tx, messages: readonly (BulkMessage & { threadId: string })[]): Promise<void> {
  for (let i = 0; i < messages.length; i += ROWS_PER_STATEMENT) {
    const batch = messages.slice(i, i + ROWS_PER_STATEMENT);
    await tx.$queryRawTyped(
      insertMessagesInBulk(
        batch.map((m) => m.id),
        batch.map((m) => m.threadId),
        batch.map((m) => String(m.seq)),
        batch.map((m) => m.role),
        batch.map((m) => m.speaker),
        batch.map((m) => m.text),
        batch.map(storedParts),
        batch.map((m) => m.createdAt.toISOString()),
      ),
    );
  }
}

function checkNumbered(messages: readonly BulkMessage[], firstSeq: number, what: string): void {
  const stray = messages.findIndex((m, i) => m.seq !== firstSeq + i);
  if (stray >= 0) throw new RangeError(`${what}: message ${stray} has seq ${messages[stray].seq}, not ${firstSeq + stray}`);
}

/**
 * Appends messages that continue the thread (the first one's seq is the
 * thread's lastSeq + 1, each next one's the seq after), and moves the
 * thread's lastSeq to the last and its last change to the last's time.
 */
export async function appendMessagesInBulk(db: Db, threadId: string, messages: readonly BulkMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const first = messages[0].seq;
  const last = messages[messages.length - 1];
  checkNumbered(messages, first, `thread ${threadId}`);
  await db.$transaction(async (tx) => {
    const moved = await tx.thread.updateMany({ where: { id: threadId, lastSeq: first - 1 }, data: { lastSeq: last.seq, updatedAt: last.createdAt } });
    if (moved.count !== 1) throw new RangeError(`messages from seq ${first} do not continue thread ${threadId}`);
    await insertMessages(tx, messages.map((message) => ({ ...message, threadId })));
  }, BULK_TRANSACTION);
}

/** Writes owner threads of a workspace whole, each with its messages. */
export async function writeThreadsInBulk(db: Db, workspaceId: string, threads: readonly BulkThread[]): Promise<void> {
  for (const thread of threads) {
    if (thread.messages.length === 0) throw new RangeError(`thread ${thread.id} has no messages: nothing dates it`);
    checkNumbered(thread.messages, 1, `thread ${thread.id}`);
  }
  await db.$transaction(async (tx) => {
    await tx.thread.createMany({
      data: threads.map(({ id, title, messages }) => ({
        id,
        workspaceId,
        title,
        createdAt: messages[0].createdAt,
        updatedAt: messages[messages.length - 1].createdAt,
        lastSeq: messages.length,
      })),
    });
    await insertMessages(tx, threads.flatMap((thread) => thread.messages.map((message) => ({ ...message, threadId: thread.id }))));
  }, BULK_TRANSACTION);
}
