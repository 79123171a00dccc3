import { cookies } from "next/headers";
import { getDb, type Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { cleanText } from "@/lib/contracts/text";
import { RequestError } from "@/lib/errors";
import { workspaceBySlug } from "@/lib/workspaces/by-slug";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo";

export const WORKSPACE_COOKIE = "workspace";

/** A slug a query can carry; anything longer or unstorable names no workspace and is refused before the lookup. */
const workspaceSlugSchema = cleanText(100).min(1);

/**
 * The workspace a request acts in. Every query below it is scoped by its id,
 * so one workspace never sees another's threads or pages.
 */
export async function currentWorkspace(db: Db): Promise<Workspace> {
  const slug = workspaceSlugSchema.safeParse((await cookies()).get(WORKSPACE_COOKIE)?.value ?? DEMO_WORKSPACE_SLUG);
  if (!slug.success) throw new RequestError("invalid:workspace");
  return workspaceBySlug(db, slug.data);
}

/** The database and the workspace a request acts in: where every handler and page starts. */
export async function requestScope(): Promise<{ db: Db; workspace: Workspace }> {
  const db = await getDb();
  return { db, workspace: await currentWorkspace(db) };
}
