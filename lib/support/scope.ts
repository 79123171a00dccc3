import { cleanText } from "@/lib/contracts/text";
import type { Db } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";

/** An owner may read a customer's thread but not speak in it: the customer is the only one who writes there. */
export async function refuseVisitorThread(db: Db, workspaceId: string, threadId: string): Promise<void> {
  const visitors = await db.thread.count({ where: { id: threadId, workspaceId, visitorId: { not: null } } });
  if (visitors > 0) throw new RequestError("conflict:visitor_thread");
}

const slugSchema = cleanText(100).min(1);

/** A public support page's workspace; the page is public, so its slug is meant to be known. */
export async function supportWorkspace(db: Db, slug: string) {
  const parsed = slugSchema.safeParse(slug);
  const workspace = parsed.success ? await db.workspace.findUnique({ where: { slug: parsed.data }, select: { id: true, name: true, slug: true } }) : null;
  if (!workspace) throw new RequestError("not_found:workspace");
  return workspace;
}
