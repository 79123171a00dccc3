import { redirect } from "next/navigation";
import { threadHref } from "@/components/ui/routes";
import { getDb } from "@/lib/db/client";
import { listThreads } from "@/lib/threads/queries";
import { currentWorkspace } from "@/lib/workspaces/current";

export default async function Home() {
  const db = await getDb();
  const workspace = await currentWorkspace(db);
  const [latest] = await listThreads(db, workspace.id);
  if (latest) redirect(threadHref(latest.id));
  return <p className="p-8 text-slate-500">No threads yet: start one with New thread in the sidebar.</p>;
}
