import { parseJsonText } from "@/lib/contracts/text";
import type { Db } from "@/lib/db/client";
import type { Prisma, ThreadImportStatus } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { takeToken } from "@/lib/limits/buckets";
import { alreadyImported, checkThreadFile, discardStagedImport, duplicateImportRefusal, writeImportedThread, type ImportPacing } from "@/lib/threads/transfer";

// An uploaded thread file waits in a ThreadImport row for the import job
// (lib/jobs/thread-import.ts), which reads, checks and writes it off the
// request path and records its progress there for the import screen to poll.

/** Imports a workspace may start in a row; then one every six minutes. Each holds up to 20 MB until its job has run. */
const IMPORTS_PER_WORKSPACE = { capacity: 10, perMinute: 10 / 60 };
/** Imports of one workspace waiting or running at once. */
const IMPORTS_IN_FLIGHT = 3;
/** Problems kept with a failed import; its error says how many there were in all. */
const PROBLEMS_KEPT = 20;
/** Finished imports are kept this long for their screen to read, then cleared. */
const KEEP_FINISHED_MS = 24 * 60 * 60 * 1000;

const IN_FLIGHT: ThreadImportStatus[] = ["QUEUED", "CHECKING", "WRITING"];

/** What the import screen shows of an import. */
export type ThreadImportProgress = {
  id: string;
  status: ThreadImportStatus;
  bytes: number;
  /** Messages in the file, once it has been read; 0 before. */
  total: number;
  done: number;
  /** The written thread, once the import is done. */
  thread: { id: string; title: string; kind: "OWNER" | "SUPPORT"; lastSeq: number } | null;
  error: string | null;
  problems: string[];
  /** The thread of this workspace the file was already imported as, when that is why it failed: the screen offers a second copy. */
  duplicateOf: { id: string; title: string } | null;
};

const progressColumns = { id: true, status: true, bytes: true, total: true, done: true, threadId: true, error: true, problems: true, duplicateOfId: true } as const;

async function withThread(
  db: Db,
  row: Omit<ThreadImportProgress, "thread" | "duplicateOf"> & { threadId: string | null; duplicateOfId: string | null },
): Promise<ThreadImportProgress> {
  const { threadId, duplicateOfId, ...rest } = row;
  const [thread, duplicateOf] = await Promise.all([
    threadId ? db.thread.findUnique({ where: { id: threadId }, select: { id: true, title: true, kind: true, lastSeq: true } }) : null,
    duplicateOfId ? db.thread.findUnique({ where: { id: duplicateOfId }, select: { id: true, title: true } }) : null,
  ]);
  return { ...rest, thread, duplicateOf };
}

/**
 * Lets the workspace start one more import, or refuses it with a 429: a
 * workspace may start a few in a row and have a few in flight. The upload
 * route asks before it reads the body.
 */
export async function admitThreadImport(db: Db, workspaceId: string): Promise<void> {
  const inFlight = await db.threadImport.count({ where: { workspaceId, status: { in: IN_FLIGHT } } });
  if (inFlight >= IMPORTS_IN_FLIGHT) {
    throw new RequestError("too_many:requests", `${inFlight} imports are still running in this workspace; wait for one to finish.`);
  }
  const taken = await takeToken(db, `imports:${workspaceId}`, IMPORTS_PER_WORKSPACE);
  if (!taken.allowed) {
    throw new RequestError("too_many:requests", `Too many imports in a short time; try again in ${Math.ceil(taken.retryAfterSeconds / 60)} minutes.`);
  }
}

/**
 * The uploaded bytes as text, refused (422) when they are not UTF-8 or hold
 * a NUL, which no JSON text holds and the database stores in no text column.
 */
function uploadText(file: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(file);
  } catch {
    throw new RequestError("invalid:thread_file", "The thread file is not UTF-8 text.");
  }
  if (text.includes("\0")) throw new RequestError("bad_request:json", "The thread file is not valid JSON.");
  return text;
}

/**
 * Records an uploaded file for the import job; finished imports of the
 * workspace older than a day are cleared meanwhile. `allowDuplicate`: import
 * a second copy of a file already imported here.
 */
export async function queueThreadImport(db: Db, workspaceId: string, file: Uint8Array, { allowDuplicate = false } = {}): Promise<ThreadImportProgress> {
  const text = uploadText(file);
  await db.threadImport.deleteMany({ where: { workspaceId, status: { in: ["DONE", "FAILED"] }, updatedAt: { lt: new Date(Date.now() - KEEP_FINISHED_MS) } } });
  const row = await db.threadImport.create({ data: { workspaceId, file: text, bytes: file.byteLength, allowDuplicate }, select: progressColumns });
  return withThread(db, row);
}

/** An import of this workspace, or null when it has none by that id. */
export async function threadImportProgress(db: Db, workspaceId: string, importId: string): Promise<ThreadImportProgress | null> {
  const row = await db.threadImport.findFirst({ where: { id: importId, workspaceId }, select: progressColumns });
  return row ? withThread(db, row) : null;
}

/** The uploaded text as a parsed JSON value, or the refusal a person reads on the import screen. */
function parsedUpload(text: string): unknown {
  // checkThreadFile checks every string the import keeps, a stretch at a time.
  const parsed = parseJsonText(text, "thread file", { anyText: true });
  if ("problem" in parsed) throw new RequestError("invalid:thread_file", parsed.problem.message);
  return parsed.value;
}

/** Updates an import's row; reads back only its id, never the file it holds. */
async function record(db: Db, importId: string, data: Prisma.ThreadImportUpdateInput): Promise<void> {
  await db.threadImport.update({ where: { id: importId }, data, select: { id: true } });
}

async function settle(
  db: Db,
  importId: string,
  data: { status: "DONE" | "FAILED"; error?: string; problems?: string[]; threadId?: string; done?: number; duplicateOfId?: string },
) {
  await record(db, importId, { ...data, file: null });
}

/**
 * The import job's work: reads and checks the file, then writes its thread,
 * recording each step. A file that does not validate ends the import with
 * its problems, and a file already imported here (unless a second copy was
 * asked for) ends it naming that thread. Anything else thrown (the database went away) leaves the
 * import to be run again, which carries on from the messages already written.
 */
export async function runThreadImport(db: Db, importId: string, pacing: ImportPacing = {}): Promise<void> {
  const row = await db.threadImport.findUnique({ where: { id: importId }, select: { workspaceId: true, status: true, file: true, allowDuplicate: true } });
  // Gone with its workspace while it ran: what it had written goes too.
  if (!row) return discardStagedImport(db, importId);
  if (!row.file || row.status === "DONE" || row.status === "FAILED") return;
  await record(db, importId, { status: "CHECKING" });
  let checked;
  try {
    checked = await checkThreadFile(parsedUpload(row.file), pacing);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    await settle(db, importId, { status: "FAILED", error: error.message, problems: error.problems.slice(0, PROBLEMS_KEPT) });
    return;
  }
  // Importing a file a second time would file every fact twice: only when asked for.
  const existing = row.allowDuplicate ? null : await alreadyImported(db, row.workspaceId, checked);
  if (existing) {
    await settle(db, importId, { status: "FAILED", error: duplicateImportRefusal(existing).message, duplicateOfId: existing.id });
    return;
  }
  await record(db, importId, { status: "WRITING", total: checked.messages.length });
  const thread = await writeImportedThread(db, row.workspaceId, checked, {
    key: importId,
    ...pacing,
    onWritten: (done) => record(db, importId, { done }),
  });
  await settle(db, importId, { status: "DONE", threadId: thread.id, done: checked.messages.length });
}

/** Ends an import the job gave up on: what it had written goes, and the screen says so. */
export async function failThreadImport(db: Db, importId: string, reason: string): Promise<void> {
  await discardStagedImport(db, importId);
  await settle(db, importId, { status: "FAILED", error: reason });
}
