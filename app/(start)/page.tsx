import { redirect } from "next/navigation";
import { StartThread } from "@/components/chat/start-thread";
import { threadHref } from "@/components/ui/routes";
import { listThreads } from "@/lib/threads/queries";
import { pageScope } from "@/lib/workspaces/current";

/**
 * "/" opens the workspace's latest thread. Nothing here streams before the
 * redirect (no loading boundary), so it is an HTTP redirect, never one the
 * browser makes after the page has drawn and a click may have landed.
 */
export default async function Home() {
  const { db, workspace } = await pageScope();
  const {
    items: [latest],
  } = await listThreads(db, workspace.id, { limit: 1 });
  if (latest) redirect(threadHref(latest.id));
  return <StartThread />;
}
