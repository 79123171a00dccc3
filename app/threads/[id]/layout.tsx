import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { recordIdSchema } from "@/lib/contracts/ids";
import { findThreadSummary } from "@/lib/threads/queries";
import { pageScope } from "@/lib/workspaces/current";

/**
 * Settles whether the thread exists before anything streams: once a loading
 * boundary has sent its fallback the status is already 200, so notFound()
 * below one could only show a card, not answer 404.
 */
export default async function ThreadLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  const id = recordIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, workspace } = await pageScope();
  if (!(await findThreadSummary(db, workspace.id, id.data))) notFound();
  return children;
}
