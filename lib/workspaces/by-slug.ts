import type { Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { RequestError } from "@/lib/errors";
import { DEMO_WORKSPACE_SLUG, demoSeedInProgress } from "@/lib/workspaces/demo-template";

/** A workspace by its slug; the demo one is created on first use so a new install has something to show. */
export async function workspaceBySlug(db: Db, slug: string): Promise<Workspace> {
  const found = await db.workspace.findUnique({ where: { slug } });
  if (found) return (slug === DEMO_WORKSPACE_SLUG && (await demoSeedInProgress(db))) || found;
  if (slug !== DEMO_WORKSPACE_SLUG) throw new RequestError("not_found:workspace", `Unknown workspace "${slug}".`);
  // Only a new database gets here: the seed's code loads now, not with every page that looks the template up.
  const { seedDemoWorkspace } = await import("@/lib/workspaces/demo");
  return seedDemoWorkspace(db);
}
