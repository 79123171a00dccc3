import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { Message, Thread } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { appendMessages, type NewMessage } from "@/lib/threads/messages";
import { THREAD_FILE_FORMAT, threadFileSchema, type ThreadFile } from "@/lib/threads/transfer-schema";

// Import and export of one thread with its messages as a thread file
// (transfer-schema.ts). An imported thread starts unconsolidated: its facts
// and episodes come from running the memory pass over it afterwards.

const PROBLEMS_LISTED = 5;
/** Rows per insert: keeps a 100,000-message import under PostgreSQL's bind-parameter limit. */
const INSERT_CHUNK = 1000;
/** A large import is one long transaction, and on PGlite it queues behind any other: Prisma's 2 s / 5 s defaults would cut it off. */
const IMPORT_TIMEOUT_MS = 120_000;

export class ThreadNotFoundError extends RequestError {
  constructor() {
    super(404, "No such thread in this workspace.");
  }
}

/** A thread file that does not validate; the message lists the first problems with where they are. */
export class ThreadFileError extends RequestError {
  constructor(readonly problems: string[]) {
    const shown = problems.slice(0, PROBLEMS_LISTED).join("; ");
    const more = problems.length > PROBLEMS_LISTED ? ` (and ${problems.length - PROBLEMS_LISTED} more)` : "";
    super(422, `This is not a valid thread file: ${shown}${more}.`);
  }
}

function describeIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "file"}: ${issue.message}`);
}

function hasNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === "object" && value !== null) return Object.entries(value).some(([k, v]) => k.includes("\0") || hasNul(v));
  return false;
}

/** JSON allows "\u0000" but PostgreSQL stores it in neither text nor jsonb: caught here, it is the file's problem, not a server error. */
function unstorableProblems(file: ThreadFile): string[] {
  const fields: [path: string, value: unknown][] = [
    ["thread.title", file.thread.title],
    ...file.messages.flatMap((m, i): [string, unknown][] => [
      [`messages.${i}.text`, m.text],
      [`messages.${i}.parts`, m.parts],
    ]),
  ];
  return fields.filter(([, value]) => hasNul(value)).map(([path]) => `${path}: contains a NUL character (\\u0000), which the database cannot store`);
}

type Part = Record<string, unknown>;

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

function toFileMessage(message: Message): ThreadFile["messages"][number] {
  const customParts = !isDefaultParts(message.parts, message.text);
  return {
    seq: message.seq,
    role: message.role,
    speaker: message.speaker,
    text: message.text,
    ...(customParts ? { parts: (message.parts as Part[]).map(typeFirst) } : {}),
    createdAt: message.createdAt.toISOString(),
  };
}

/** The thread as a file; importing the file gives back the same thread, and exporting that the same file. */
export async function exportThread(db: Db, workspaceId: string, threadId: string): Promise<ThreadFile> {
  const thread = await db.thread.findFirst({ where: { id: threadId, workspaceId } });
  if (!thread) throw new ThreadNotFoundError();
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

/** Validates a parsed thread file and writes the thread with all its messages in one transaction, or nothing. */
export async function importThread(db: Db, workspaceId: string, input: unknown): Promise<{ thread: Thread }> {
  const parsed = threadFileSchema.safeParse(input);
  if (!parsed.success) throw new ThreadFileError(describeIssues(parsed.error));
  const file = parsed.data;
  const unstorable = unstorableProblems(file);
  if (unstorable.length > 0) throw new ThreadFileError(unstorable);
  const messages: NewMessage[] = file.messages.map((m) => ({
    role: m.role,
    speaker: m.speaker,
    text: m.text,
    parts: m.parts as NewMessage["parts"],
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
