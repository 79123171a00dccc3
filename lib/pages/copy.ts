import type { Tx } from "@/lib/db/client";
import type { CopiedIds } from "@/lib/db/ids";

/**
 * Copies a workspace's pages, their facts and the supersession offers between
 * them into another, under copied ids; the threads and messages the facts cite
 * must be copied first. The facts'
 * triggers build each page's search vector for its new workspace.
 */
export async function copyPages(tx: Tx, fromWorkspaceId: string, toWorkspaceId: string, ids: CopiedIds): Promise<void> {
  const pages = await tx.page.findMany({ where: { workspaceId: fromWorkspaceId } });
  await tx.page.createMany({
    data: pages.map((page) => ({
      id: ids.of(page.id),
      workspaceId: toWorkspaceId,
      title: page.title,
      visibility: page.visibility,
      createdAt: page.createdAt,
      updatedAt: page.updatedAt,
    })),
  });
  const facts = await tx.fact.findMany({ where: { page: { workspaceId: fromWorkspaceId } } });
  await tx.fact.createMany({
    data: facts.map((fact) => ({
      ...fact,
      id: ids.of(fact.id),
      pageId: ids.of(fact.pageId),
      threadId: ids.of(fact.threadId),
      messageId: ids.of(fact.messageId),
      supersededById: ids.ofNullable(fact.supersededById),
    })),
  });
  const offers = await tx.supersessionOffer.findMany({ where: { workspaceId: fromWorkspaceId } });
  await tx.supersessionOffer.createMany({
    data: offers.map((offer) => ({
      ...offer,
      id: ids.of(offer.id),
      workspaceId: toWorkspaceId,
      oldFactId: ids.of(offer.oldFactId),
      newFactId: ids.of(offer.newFactId),
    })),
  });
}
