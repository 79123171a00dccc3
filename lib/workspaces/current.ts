import { cookies } from "next/headers";
import { getDb, type Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { workspaceBySlug } from "@/lib/workspaces/by-slug";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo";

export const WORKSPACE_COOKIE = "workspace";

/**
 * The workspace a request acts in. Every query below it is scoped by its id,
 * so one workspace never sees another's threads or pages.
 */
export async function currentWorkspace(db: Db): Promise<Workspace> {
  return workspaceBySlug(db, (await cookies()).get(WORKSPACE_COOKIE)?.value ?? DEMO_WORKSPACE_SLUG);
}

/** The database and the workspace a request acts in: where every handler and page starts. */
export async function requestScope(): Promise<{ db: Db; workspace: Workspace }> {
  const db = await getDb();
  return { db, workspace: await currentWorkspace(db) };
}
