import { randomBytes } from "node:crypto";
import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";
import { recordIdSchema } from "@/lib/contracts/ids";
import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { isDemoAccount } from "@/lib/auth/demo-account";
import { resetDemoCopy } from "@/lib/workspaces/demo-copies";
import { MAX_WORKSPACE_NAME_CHARS } from "@/lib/workspaces/limits";

export const newWorkspaceSchema = z
  .object({ name: cleanText(MAX_WORKSPACE_NAME_CHARS, `The name is longer than ${MAX_WORKSPACE_NAME_CHARS} characters.`).trim().min(1, "The name is empty.") })
  .strict();

export const switchWorkspaceSchema = z.object({ workspaceId: recordIdSchema }).strict();

/**
 * A slug for the public support page's address: readable from the name, with
 * a random tail so that two businesses of one name never collide and a slug
 * cannot be guessed from the name alone.
 */
function slugFor(name: string): string {
  const base = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  return `${base || "workspace"}-${randomBytes(4).toString("hex")}`;
}

/**
 * A new, empty workspace owned by the user, made their session's active one.
 * The demo account's belongs to the session alone, like its copy of the demo:
 * no one else who signs in to the demo sees it, and it goes with the session.
 */
export async function createWorkspace(db: Db, userId: string, sessionId: string, name: string): Promise<Workspace> {
  const owner = isDemoAccount(userId) ? { sessionId } : { memberships: { create: { userId } } };
  return db.$transaction(async (tx) => {
    const workspace = await tx.workspace.create({ data: { name, slug: slugFor(name), ...owner } });
    await tx.session.update({ where: { id: sessionId }, data: { activeWorkspaceId: workspace.id } });
    return workspace;
  });
}

/** Makes one of the user's own workspaces the session's active one; any other id names nothing they can see. */
export async function switchWorkspace(db: Db, userId: string, sessionId: string, workspaceId: string): Promise<Workspace> {
  const workspace = await db.workspace.findFirst({ where: { id: workspaceId, OR: [{ memberships: { some: { userId } } }, { sessionId }] } });
  if (!workspace) throw new RequestError("not_found:workspace");
  await db.session.update({ where: { id: sessionId }, data: { activeWorkspaceId: workspaceId } });
  return workspace;
}

/** Resets a copy of the demo to the seeded story; only a demo copy can be reset (the caller's own active workspace). */
export async function resetOwnDemo(db: Db, workspace: Workspace): Promise<void> {
  if (!workspace.demo || workspace.sessionId === null) throw new RequestError("conflict:reset");
  await resetDemoCopy(db, workspace);
}
