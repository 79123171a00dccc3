import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";

/** An owner may read a customer's thread but not speak in it: the customer is the only one who writes there. */
export async function refuseVisitorThread(db: Db, workspaceId: string, threadId: string): Promise<void> {
  const visitors = await db.thread.count({ where: { id: threadId, workspaceId, visitorId: { not: null } } });
  if (visitors > 0) throw new RequestError("conflict:visitor_thread");
}

/** The slugs the app hands out: lower-case letters, digits and dashes. A staging workspace's has a ":" and no page. */
const slugSchema = z.string().regex(/^[a-z0-9-]{1,100}$/);

/** A public support page's workspace; the page is public, so its slug is meant to be known. */
export async function supportWorkspace(db: Db, slug: string) {
  const parsed = slugSchema.safeParse(slug);
  const workspace = parsed.success ? await db.workspace.findUnique({ where: { slug: parsed.data }, select: { id: true, name: true, slug: true } }) : null;
  if (!workspace) throw new RequestError("not_found:workspace");
  return workspace;
}
