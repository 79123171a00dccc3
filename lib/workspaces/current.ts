import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getAuth } from "@/lib/auth/server";
import { getDb, type Db } from "@/lib/db/client";
import type { User, Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";

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
 * Where every owner route starts: the signed-in user and the session's active
 * workspace, checked against the user's memberships on every request, so
 * every query below is scoped to a workspace the user owns. No session is a
 * 401; a user with no workspace yet a 403. A session whose active workspace
 * is not (or no longer) theirs falls back to their first one.
 */
export async function requestScope(): Promise<OwnerScope> {
  const { activeWorkspaceId, ...signedIn } = await requireUser();
  const memberships = await signedIn.db.membership.findMany({
    where: { userId: signedIn.user.id },
    include: { workspace: true },
    orderBy: { createdAt: "asc" },
  });
  const active = memberships.find((m) => m.workspaceId === activeWorkspaceId) ?? memberships[0];
  if (!active) throw new RequestError("forbidden:workspace", "You have no workspace yet: create one first.");
  return { ...signedIn, workspace: active.workspace };
}

/** requestScope for a page: signed out goes to the sign-in page, no workspace yet to creating one. */
export function pageScope(): Promise<OwnerScope> {
  return asPage(requestScope);
}

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

/** The workspaces a user owns, for the switcher. */
export async function ownedWorkspaces(db: Db, userId: string): Promise<Pick<Workspace, "id" | "name" | "slug">[]> {
  const memberships = await db.membership.findMany({
    where: { userId },
    select: { workspace: { select: { id: true, name: true, slug: true } } },
    orderBy: { createdAt: "asc" },
  });
  return memberships.map((m) => m.workspace);
}
