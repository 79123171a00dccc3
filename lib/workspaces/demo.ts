import type { Db } from "../db/client";
import type { Workspace } from "../db/generated/client";

export const DEMO_WORKSPACE_SLUG = "demo";

/** Creates the demo business once; concurrent first requests settle on one row. */
export async function seedDemoWorkspace(db: Db): Promise<Workspace> {
  return db.workspace.upsert({
    where: { slug: DEMO_WORKSPACE_SLUG },
    create: {
      slug: DEMO_WORKSPACE_SLUG,
      name: "Bayou Bean Coffee",
      threads: { create: [{ title: "Getting started" }] },
    },
    update: {},
  });
}
