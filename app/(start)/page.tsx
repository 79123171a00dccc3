import { redirect } from "next/navigation";
import { threadHref } from "@/components/ui/routes";
import { listThreads } from "@/lib/threads/queries";
import { pageScope } from "@/lib/workspaces/current";

export default async function Home() {
  const { db, workspace } = await pageScope();
  const [latest] = await listThreads(db, workspace.id);
  if (latest) redirect(threadHref(latest.id));
  return <p className="p-8 text-slate-500">No threads yet: start one with New thread in the sidebar.</p>;
}
