import { cookies } from "next/headers";
import type { Db } from "../db/client";
import { RequestError } from "../errors";
import type { Workspace } from "../db/generated/client";
import { DEMO_WORKSPACE_SLUG, seedDemoWorkspace } from "./demo";

export const WORKSPACE_COOKIE = "workspace";

/**
 * The workspace a request acts in. Every query below it is scoped by its id,
 * so one workspace never sees another's threads or pages. The demo workspace
 * is created on first use so a new install has something to show.
 */
export async function currentWorkspace(db: Db): Promise<Workspace> {
  const slug = (await cookies()).get(WORKSPACE_COOKIE)?.value ?? DEMO_WORKSPACE_SLUG;
  const found = await db.workspace.findUnique({ where: { slug } });
  if (found) return found;
  if (slug !== DEMO_WORKSPACE_SLUG) throw new RequestError(404, `Unknown workspace "${slug}".`);
  return seedDemoWorkspace(db);
}
