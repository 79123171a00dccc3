import type { Db } from "@/lib/db/client";
import type { Message, Thread } from "@/lib/db/generated/client";
import { firstUnstorableText } from "@/lib/contracts/text";
import { describeIssues, refusalMessage, RequestError } from "@/lib/errors";
import { appendMessages, type NewMessage } from "@/lib/threads/messages";
import { messagePartSchema, THREAD_FILE_FORMAT, threadFileSchema, type ThreadFile, type ThreadFilePart } from "@/lib/threads/transfer-schema";

// Import and export of one thread with its messages as a thread file
// (transfer-schema.ts). An imported thread starts unconsolidated: its facts
// and episodes come from running the memory pass over it afterwards.

const PROBLEMS_LISTED = 5;
/** Rows per insert: keeps a 100,000-message import under PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 1000;
/** A large import is one long transaction, and on PGlite it queues behind any other: Prisma's 2 s / 5 s defaults would cut it off. */
const IMPORT_TIMEOUT_MS = 120_000;

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

/**
 * A thread of the workspace that this file was already imported as (or
 * exported from): same title, kind and number of messages, and the same
 * first and last message. Importing it again would file every fact twice.
 */
async function sameThread(db: Db, workspaceId: string, file: ThreadFile) {
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

/**
 * Validates a parsed thread file and writes the thread with all its messages
 * in one transaction, or nothing. A file already imported here is refused
 * (409, naming the thread) unless `duplicate` says to import it again.
 */
export async function importThread(db: Db, workspaceId: string, input: unknown, { duplicate = false } = {}): Promise<{ thread: Thread }> {
  const parsed = threadFileSchema.safeParse(input);
  if (!parsed.success) throw threadFileRefusal(describeIssues(parsed.error, "file"));
  const file = parsed.data;
  // The schema checks the text people wrote; this catches any other string, such as a tool's output.
  const unstorable = firstUnstorableText(file);
  if (unstorable) throw threadFileRefusal([`${unstorable.path.join(".")}: ${unstorable.problem}`]);
  const existing = duplicate ? null : await sameThread(db, workspaceId, file);
  if (existing) {
    throw new RequestError(
      "conflict:duplicate_import",
      `This file was imported here already as “${existing.title}”. Importing it again makes a second copy, and consolidating that copy files every fact a second time.`,
      [],
      { existing },
    );
  }
  const messages: NewMessage[] = file.messages.map((m) => ({
    role: m.role,
    speaker: m.speaker,
    text: m.text,
    parts: m.parts?.map(withoutProviderMetadata) as NewMessage["parts"],
    createdAt: new Date(m.createdAt),
  }));
  return db.$transaction(
    async (tx) => {
      const created = await tx.thread.create({
        data: { workspaceId, title: file.thread.title, kind: file.thread.kind, createdAt: new Date(file.thread.createdAt) },
      });
      for (let i = 0; i < messages.length; i += INSERT_CHUNK) {
        await appendMessages(tx, created.id, messages.slice(i, i + INSERT_CHUNK));
      }
      return { thread: await tx.thread.findUniqueOrThrow({ where: { id: created.id } }) };
    },
    { maxWait: IMPORT_TIMEOUT_MS, timeout: IMPORT_TIMEOUT_MS },
  );
}
