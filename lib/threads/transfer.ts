import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Message, Thread } from "@/lib/db/generated/client";
import { firstUnstorableText } from "@/lib/contracts/text";
import { describeIssues, refusalMessage, RequestError } from "@/lib/errors";
import { appendMessages, type NewMessage } from "@/lib/threads/messages";
import {
  messageOrderProblems,
  messagePartSchema,
  THREAD_FILE_FORMAT,
  threadFileEnvelopeSchema,
  threadFileMessageSchema,
  type ThreadFile,
  type ThreadFileMessage,
  type ThreadFilePart,
} from "@/lib/threads/transfer-schema";

// Import and export of one thread with its messages as a thread file
// (transfer-schema.ts). An imported thread starts unconsolidated: its facts
// and episodes come from running the memory pass over it afterwards.
//
// A thread file may hold 100,000 messages, and on the embedded database every
// statement runs on the server's one thread: checking or writing them all at
// once would stall every other request for the whole import. So both go a
// stretch at a time with a pause between stretches, and the thread is written
// where no one can see it, in a staging workspace of its own that no one is a
// member of, then moved into the owner's workspace in one statement once its
// last message is in. A file that does not validate writes nothing; an import
// that stops part-way leaves nothing in the owner's workspace and can carry on
// where it stopped.

const PROBLEMS_LISTED = 5;
/** Messages checked between pauses. */
const CHECK_STRETCH = 500;
/** Messages written per statement between pauses: each is a short transaction, however long the thread. */
const WRITE_STRETCH = 100;
/** A stretch's transaction may queue behind others on PGlite's one connection: Prisma's 2 s / 5 s defaults would cut it off. */
const STRETCH_TRANSACTION = { maxWait: 60_000, timeout: 60_000 };
/** No workspace the app makes has a ":" in its slug, so no support page address reaches a staging workspace. */
const STAGING_SLUG_PREFIX = "import:";

/** How an import gives way to other work: awaited between stretches. */
export type ImportPacing = { pause?: () => Promise<void> };

/** A thread file that does not validate; the message lists the first problems with where they are. */
function threadFileRefusal(problems: string[]): RequestError {
  const shown = problems.slice(0, PROBLEMS_LISTED).join("; ");
  const more = problems.length > PROBLEMS_LISTED ? ` (and ${problems.length - PROBLEMS_LISTED} more)` : "";
  return new RequestError("invalid:thread_file", `${refusalMessage("invalid:thread_file")} ${shown}${more}.`, problems);
}

type Part = Record<string, unknown>;

/** What a provider attached to a part stays behind, in the database and in files (see the schema). */
function withoutProviderMetadata({ providerMetadata: _provider, callProviderMetadata: _call, ...kept }: Part): Part {
  return kept;
}

/**
 * What appendMessages stores for a message that came without parts. Export
 * leaves such parts out, so a file without parts comes back without them.
 */
function isDefaultParts(parts: unknown, text: string): boolean {
  if (!Array.isArray(parts) || parts.length !== 1) return false;
  const [only] = parts as Part[];
  return Object.keys(only).length === 2 && only.type === "text" && only.text === text;
}

/**
 * PostgreSQL's jsonb reorders object keys, so a part comes back with its keys
 * sorted by length. Putting the discriminating `type` first again makes
 * parts written the usual way ({ type, text }) round-trip unchanged.
 */
function typeFirst({ type, ...rest }: Part): Part {
  return { type, ...rest };
}

/**
 * The stored parts in the form a file holds them. A part the format does not
 * take (written by an older version or another provider) stays out, so every
 * exported file imports.
 */
function fileParts(parts: Part[]): ThreadFilePart[] {
  return parts
    .map((part) => typeFirst(withoutProviderMetadata(part)))
    .filter((part): part is ThreadFilePart => messagePartSchema.safeParse(part).success);
}

function toFileMessage(message: Message): ThreadFile["messages"][number] {
  const customParts = !isDefaultParts(message.parts, message.text);
  return {
    seq: message.seq,
    role: message.role,
    speaker: message.speaker,
    text: message.text,
    ...(customParts ? { parts: fileParts(message.parts as Part[]) } : {}),
    createdAt: message.createdAt.toISOString(),
  };
}

/** The thread as a file; importing the file gives back the same thread, and exporting that the same file. */
export async function exportThread(db: Db, workspaceId: string, threadId: string): Promise<ThreadFile> {
  const thread = await db.thread.findFirst({ where: { id: threadId, workspaceId } });
  if (!thread) throw new RequestError("not_found:thread");
  const messages = await db.message.findMany({ where: { threadId: thread.id }, orderBy: { seq: "asc" } });
  return {
    format: THREAD_FILE_FORMAT,
    version: 1,
    thread: { title: thread.title, kind: thread.kind, createdAt: thread.createdAt.toISOString() },
    messages: messages.map(toFileMessage),
  };
}

/** How a thread file is written to disk or a download. */
export function threadFileText(file: ThreadFile): string {
  return `${JSON.stringify(file, null, 2)}\n`;
}

const fileMessagesSchema = z.array(threadFileMessageSchema);

/**
 * Validates a parsed thread file a stretch of messages at a time: its shape,
 * the rules between messages (transfer-schema.ts), and text the database
 * cannot store anywhere in it. Every problem is listed, path first.
 */
export async function checkThreadFile(input: unknown, { pause }: ImportPacing = {}): Promise<ThreadFile> {
  const envelope = threadFileEnvelopeSchema.safeParse(input);
  if (!envelope.success) throw threadFileRefusal(describeIssues(envelope.error, "file"));
  const { messages: raw, ...head } = envelope.data;
  const problems: string[] = [];
  const unstorableHead = firstUnstorableText(head);
  if (unstorableHead) problems.push(`${unstorableHead.path.join(".")}: ${unstorableHead.problem}`);
  const messages: ThreadFileMessage[] = [];
  for (let from = 0; from < raw.length; from += CHECK_STRETCH) {
    const stretch = raw.slice(from, from + CHECK_STRETCH);
    const parsed = fileMessagesSchema.safeParse(stretch);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [index, ...rest] = issue.path;
        problems.push(`${["messages", from + Number(index), ...rest].join(".")}: ${issue.message}`);
      }
    } else {
      for (const [i, message] of parsed.data.entries()) {
        for (const problem of messageOrderProblems(head.thread.kind, message, from + i, messages[from + i - 1])) problems.push(`${problem.path.join(".")}: ${problem.message}`);
        messages.push(message);
      }
      // The schema checks the text people wrote; this catches any other string, such as a tool's output.
      const unstorable = firstUnstorableText(parsed.data);
      if (unstorable) {
        const [index, ...rest] = unstorable.path;
        problems.push(`${["messages", from + Number(index), ...rest].join(".")}: ${unstorable.problem}`);
      }
    }
    await pause?.();
  }
  if (problems.length > 0) throw threadFileRefusal(problems);
  return { ...head, messages };
}

/**
 * A thread of the workspace that this file was already imported as (or
 * exported from): same title, kind and number of messages, and the same
 * first and last message. Importing it again would file every fact twice.
 */
export async function alreadyImported(db: Db, workspaceId: string, file: ThreadFile) {
  const first = file.messages[0];
  const last = file.messages.at(-1);
  if (!first || !last) return null;
  const candidates = await db.thread.findMany({
    where: { workspaceId, title: file.thread.title, kind: file.thread.kind, lastSeq: file.messages.length },
    select: { id: true, title: true },
    take: 10,
  });
  for (const candidate of candidates) {
    const ends = await db.message.findMany({ where: { threadId: candidate.id, seq: { in: [1, file.messages.length] } }, orderBy: { seq: "asc" } });
    const same = (stored: Message | undefined, filed: ThreadFile["messages"][number]) =>
      stored?.text === filed.text && stored.createdAt.getTime() === Date.parse(filed.createdAt);
    if (same(ends[0], first) && same(ends.at(-1), last)) return candidate;
  }
  return null;
}

/** The refusal of a file already imported here as `existing` (409, naming it). */
export function duplicateImportRefusal(existing: { id: string; title: string }): RequestError {
  return new RequestError(
    "conflict:duplicate_import",
    `This file was imported here already as “${existing.title}”. Importing it again makes a second copy, and consolidating that copy files every fact a second time.`,
    [],
    { existing },
  );
}

function newMessages(file: ThreadFile): NewMessage[] {
  return file.messages.map((m) => ({
    role: m.role,
    speaker: m.speaker,
    text: m.text,
    parts: m.parts?.map(withoutProviderMetadata) as NewMessage["parts"],
    createdAt: new Date(m.createdAt),
  }));
}

/** The staging workspace and thread an import named by `key` writes into, made on its first run and found again on the next. */
async function stagedThread(db: Db, key: string, file: ThreadFile): Promise<{ workspaceId: string; threadId: string; written: number }> {
  const slug = `${STAGING_SLUG_PREFIX}${key}`;
  const found = await db.workspace.findUnique({ where: { slug }, select: { id: true, threads: { select: { id: true, lastSeq: true }, take: 1 } } });
  if (found?.threads[0]) return { workspaceId: found.id, threadId: found.threads[0].id, written: found.threads[0].lastSeq };
  return db.$transaction(async (tx) => {
    const workspace = found ?? (await tx.workspace.create({ data: { slug, name: "Import in progress" }, select: { id: true } }));
    const thread = await tx.thread.create({
      data: { workspaceId: workspace.id, title: file.thread.title, kind: file.thread.kind, createdAt: new Date(file.thread.createdAt) },
    });
    return { workspaceId: workspace.id, threadId: thread.id, written: 0 };
  }, STRETCH_TRANSACTION);
}

export type WriteOptions = ImportPacing & {
  /** Names the import, so a run that stopped part-way carries on in the same staging workspace. */
  key: string;
  /** Told how many messages are written, after each stretch. */
  onWritten?: (written: number) => Promise<void> | void;
};

/**
 * Writes a checked thread file into a new thread of the workspace: a stretch
 * of messages per statement in the staging workspace, then the thread is
 * moved into `workspaceId`, which sees it whole or not at all.
 */
export async function writeImportedThread(db: Db, workspaceId: string, file: ThreadFile, { key, onWritten, pause }: WriteOptions): Promise<Thread> {
  const messages = newMessages(file);
  const staged = await stagedThread(db, key, file);
  for (let from = staged.written; from < messages.length; from += WRITE_STRETCH) {
    await db.$transaction((tx) => appendMessages(tx, staged.threadId, messages.slice(from, from + WRITE_STRETCH)), STRETCH_TRANSACTION);
    await onWritten?.(Math.min(from + WRITE_STRETCH, messages.length));
    await pause?.();
  }
  return db.$transaction(async (tx) => {
    const thread = await tx.thread.update({ where: { id: staged.threadId }, data: { workspaceId } });
    await tx.workspace.delete({ where: { id: staged.workspaceId } });
    return thread;
  }, STRETCH_TRANSACTION);
}

/** Removes what an import named by `key` had written so far, if anything. */
export async function discardStagedImport(db: Db, key: string): Promise<void> {
  await db.workspace.deleteMany({ where: { slug: `${STAGING_SLUG_PREFIX}${key}` } });
}

/**
 * Validates a parsed thread file and writes the thread with all its messages,
 * or nothing: what scripts and tests import with. A file already imported
 * here is refused unless `duplicate` says to import it again.
 */
export async function importThread(
  db: Db,
  workspaceId: string,
  input: unknown,
  { duplicate = false, ...pacing }: ImportPacing & { duplicate?: boolean } = {},
): Promise<{ thread: Thread }> {
  const file = await checkThreadFile(input, pacing);
  const existing = duplicate ? null : await alreadyImported(db, workspaceId, file);
  if (existing) throw duplicateImportRefusal(existing);
  const key = randomBytes(9).toString("base64url");
  try {
    return { thread: await writeImportedThread(db, workspaceId, file, { key, ...pacing }) };
  } catch (error) {
    await discardStagedImport(db, key);
    throw error;
  }
}
