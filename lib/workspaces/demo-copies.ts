import { createHash, randomBytes } from "node:crypto";
import { DEMO_OWNER } from "@/lib/auth/demo-account";
import type { Db, Tx } from "@/lib/db/client";
import { CopiedIds } from "@/lib/db/ids";
import { Prisma, type Workspace } from "@/lib/db/generated/client";
import { copyEpisodes } from "@/lib/episodes/copy";
import { copyPages } from "@/lib/pages/copy";
import { deleteWorkspacePages } from "@/lib/pages/forget";
import { deleteWorkspaceThreads } from "@/lib/threads/queries";
import { copyQuestions } from "@/lib/questions/copy";
import { copyThreads } from "@/lib/threads/copy";
import { copyTraces } from "@/lib/traces/copy";
import { workspaceBySlug } from "@/lib/workspaces/by-slug";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";

// Everyone who opens the demo signs in as the same published account, so no
// one works in the seeded demo workspace itself: it is the template, and each
// session of the demo account gets a copy of it to chat in, review facts in
// and reset, which no other session sees. Seeding the story runs the memory
// pass over 190 messages (tens of seconds); a copy is its rows written again
// under new ids, a fraction of a second. A copy goes with its session:
// signing out, or the session expiring, deletes it.

/** A copy is a few hundred rows, and on PGlite its transaction may queue behind another: Prisma's 2 s / 5 s would cut it off. */
const COPY_TRANSACTION = { maxWait: 30_000, timeout: 30_000 };

/** The copy's slug (its support page's address) is fixed by its session, so two first requests at once make one copy. */
function copySlug(sessionId: string): string {
  return `demo-${createHash("sha256").update(`demo-copy:${sessionId}`).digest("hex").slice(0, 12)}`;
}

/** Writes the template's story (its own threads, pages, facts, episodes, traces and unanswered questions; no customer's conversation) into `copyId`. */
async function copyStory(tx: Tx, templateId: string, copyId: string, salt: string): Promise<void> {
  const ids = new CopiedIds(salt, new Map([[templateId, copyId]]));
  await copyThreads(tx, templateId, copyId, ids);
  await copyPages(tx, templateId, copyId, ids);
  await copyEpisodes(tx, templateId, ids);
  await copyTraces(tx, templateId, ids);
  await copyQuestions(tx, templateId, copyId, ids);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

// Of a process's concurrent first requests for one session (a page and its sidebar), one makes the copy.
const holder = globalThis as typeof globalThis & { episodicBufferDemoCopies?: Map<string, Promise<Workspace>> };
const inFlight = (holder.episodicBufferDemoCopies ??= new Map());

async function makeDemoCopy(db: Db, sessionId: string): Promise<Workspace> {
  const template = await workspaceBySlug(db, DEMO_WORKSPACE_SLUG);
  // Copies of sessions that expired without signing out go now, with everything in them.
  await db.session.deleteMany({ where: { userId: DEMO_OWNER.id, expiresAt: { lt: new Date() } } });
  const slug = copySlug(sessionId);
  try {
    return await db.$transaction(async (tx) => {
      const copy = await tx.workspace.create({ data: { slug, name: template.name, demo: true, sessionId } });
      await copyStory(tx, template.id, copy.id, copy.id);
      return copy;
    }, COPY_TRANSACTION);
  } catch (error) {
    // Another instance made it first.
    if (isUniqueViolation(error)) return db.workspace.findUniqueOrThrow({ where: { slug } });
    throw error;
  }
}

/** The session's own copy of the demo, made on its first request. */
export async function demoCopyFor(db: Db, sessionId: string): Promise<Workspace> {
  const found = await db.workspace.findFirst({ where: { sessionId, demo: true } });
  if (found) return found;
  let making = inFlight.get(sessionId);
  if (!making) {
    making = makeDemoCopy(db, sessionId).finally(() => inFlight.delete(sessionId));
    inFlight.set(sessionId, making);
  }
  return making;
}

/**
 * Puts a demo copy back as the template has it: every thread (its customers'
 * too), page, fact, episode and trace in it goes, and the story is copied in
 * again. Only this copy changes; its address stays.
 */
export async function resetDemoCopy(db: Db, copy: Workspace): Promise<void> {
  const template = await workspaceBySlug(db, DEMO_WORKSPACE_SLUG);
  await db.$transaction(async (tx) => {
    // Locks the copy's row, so two resets at once run one after the other.
    await tx.workspace.update({ where: { id: copy.id }, data: { name: template.name } });
    await deleteWorkspacePages(tx, copy.id);
    await deleteWorkspaceThreads(tx, copy.id);
    await copyStory(tx, template.id, copy.id, `${copy.id}:${randomBytes(8).toString("hex")}`);
  }, COPY_TRANSACTION);
}
