import type { Db, Tx } from "@/lib/db/client";
import { RequestError } from "@/lib/errors";

/** Deletes every page of a workspace with its facts (the episodes' pointers at them go too): a demo copy's reset. */
export async function deleteWorkspacePages(tx: Tx, workspaceId: string): Promise<void> {
  await tx.page.deleteMany({ where: { workspaceId } });
}

/**
 * The owner deletes a fact from memory for good: recall, pages and the
 * Memory screen no longer have it, and the episode lines that pointed at it
 * lose that pointer (their marks are refreshed by the pointer triggers). A
 * fact it had replaced stays superseded: deleting the newer value does not
 * bring back the older one.
 */
export async function deleteFact(db: Db, workspaceId: string, factId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const fact = await tx.fact.findFirst({ where: { id: factId, workspaceId }, select: { id: true, pageId: true } });
    if (!fact) throw new RequestError("not_found:fact");
    await tx.fact.delete({ where: { id: fact.id } });
    // A change to its facts is a change to the page: the pages list sorts by it.
    await tx.page.update({ where: { id: fact.pageId }, data: { updatedAt: new Date() } });
  });
}
