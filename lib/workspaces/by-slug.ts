import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { DEMO_WORKSPACE_SLUG, demoSeedInProgress, seedDemoWorkspace } from "@/lib/workspaces/demo";

/** A workspace by its slug; the demo one is created on first use so a new install has something to show. */
export async function workspaceBySlug(db: Db, slug: string): Promise<Workspace> {
  const found = await db.workspace.findUnique({ where: { slug } });
  if (found) return (slug === DEMO_WORKSPACE_SLUG && (await demoSeedInProgress(db))) || found;
  if (slug !== DEMO_WORKSPACE_SLUG) throw new RequestError("not_found:workspace", `Unknown workspace "${slug}".`);
  return seedDemoWorkspace(db);
}
