import { notFound } from "next/navigation";
import type { ReactNode } from "react";
import { recordIdSchema } from "@/lib/contracts/ids";
import { pageExists } from "@/lib/pages/queries";
import { pageScope } from "@/lib/workspaces/current";

/** Settles whether the page exists before anything streams, so an unknown id answers 404 (see the thread layout). */
export default async function TopicPageLayout({ params, children }: { params: Promise<{ id: string }>; children: ReactNode }) {
  const id = recordIdSchema.safeParse((await params).id);
  if (!id.success) notFound();
  const { db, workspace } = await pageScope();
  if (!(await pageExists(db, workspace.id, id.data))) notFound();
  return children;
}
