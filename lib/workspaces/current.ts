import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { cache } from "react";
import { isDemoAccount } from "@/lib/auth/demo-account";
import { getAuth } from "@/lib/auth/server";
import { getDb, type Db } from "@/lib/db/client";
import type { User, Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { demoCopyFor } from "@/lib/workspaces/demo-copies";

export type OwnerScope = {
  db: Db;
  user: Pick<User, "id" | "name" | "email">;
  /** The workspace this request acts in: one the user is an owner of, never one the request names. */
  workspace: Workspace;
  sessionId: string;
};

export type SignedIn = Omit<OwnerScope, "workspace"> & { activeWorkspaceId: string | null };

/** The signed-in user, from the server-side session the cookie's token names; none is a 401. */
export async function requireUser(): Promise<SignedIn> {
  const auth = await getAuth();
  const signedIn = await auth.api.getSession({ headers: await headers() });
  if (!signedIn) throw new RequestError("unauthorized:session");
  const { user, session } = signedIn;
  return {
    db: await getDb(),
    user: { id: user.id, name: user.name, email: user.email },
    sessionId: session.id,
    activeWorkspaceId: session.activeWorkspaceId ?? null,
  };
}

/**
 * The workspaces a signed-in user may act in, oldest first: the ones they
 * are a member of, and, for the shared demo account, the ones only this
 * session owns (its copy of the demo, made now if it has none yet, and any
 * it created).
 */
async function workspacesOf({ db, user, sessionId }: Omit<SignedIn, "activeWorkspaceId">): Promise<Workspace[]> {
  if (isDemoAccount(user.id)) await demoCopyFor(db, sessionId);
  return db.workspace.findMany({
    where: { OR: [{ memberships: { some: { userId: user.id } } }, { sessionId }] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
}

/**
 * Where every owner route starts: the signed-in user and the session's active
 * workspace, checked against the user's memberships (or, for the demo
 * account, the session's own workspaces) on every request, so every query
 * below is scoped to a workspace the user owns. No session is a 401; a user
 * with no workspace yet a 403. A session whose active workspace is not (or no
 * longer) theirs falls back to the demo copy for the demo account and to
 * their first one for anyone else.
 */
export async function requestScope(): Promise<OwnerScope> {
  const { activeWorkspaceId, ...signedIn } = await requireUser();
  const workspaces = await workspacesOf(signedIn);
  const active =
    workspaces.find((w) => w.id === activeWorkspaceId) ??
    (isDemoAccount(signedIn.user.id) ? workspaces.find((w) => w.demo && w.sessionId === signedIn.sessionId) : undefined) ??
    workspaces[0];
  if (!active) throw new RequestError("forbidden:workspace", "You have no workspace yet: create one first.");
  return { ...signedIn, workspace: active };
}

/**
 * requestScope for a page: signed out goes to the sign-in page, no workspace
 * yet to creating one. Cached per request, so a page and its layout read the
 * session and memberships once between them.
 */
export const pageScope = cache((): Promise<OwnerScope> => asPage(requestScope));

/** requireUser for a page: signed out goes to the sign-in page. */
export function requireUserPage(): Promise<SignedIn> {
  return asPage(requireUser);
}

async function asPage<T>(check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (error instanceof RequestError && error.code === "unauthorized:session") redirect("/sign-in");
    if (error instanceof RequestError && error.code === "forbidden:workspace") redirect("/workspaces/new");
    throw error;
  }
}

/** The workspaces the signed-in user owns, for the switcher. */
export async function ownedWorkspaces(signedIn: Omit<SignedIn, "activeWorkspaceId">): Promise<Pick<Workspace, "id" | "name" | "slug">[]> {
  return (await workspacesOf(signedIn)).map(({ id, name, slug }) => ({ id, name, slug }));
}
