import Link from "next/link";
import { getDb } from "@/lib/db/client";
import { listThreads } from "@/lib/threads/queries";
import { currentWorkspace } from "@/lib/workspaces/current";
import { NewThreadButton } from "./new-thread-button";

export async function Sidebar() {
  const db = await getDb();
  const workspace = await currentWorkspace(db);
  const threads = await listThreads(db, workspace.id);
  return (
    <nav aria-label="Threads" className="flex w-64 shrink-0 flex-col border-r border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-3">
        <p className="text-xs font-medium uppercase tracking-wide text-slate-400">Workspace</p>
        <p className="font-semibold">{workspace.name}</p>
      </div>
      <div className="px-3 py-3">
        <NewThreadButton />
      </div>
      <ul className="flex-1 space-y-0.5 overflow-y-auto px-2 pb-4" data-testid="thread-list">
        {threads.map((thread) => (
          <li key={thread.id}>
            <Link
              href={`/threads/${thread.id}`}
              className="block rounded-md px-3 py-2 text-sm hover:bg-slate-100"
            >
              <span className="block truncate font-medium">{thread.title}</span>
              <span className="text-xs text-slate-500">
                {thread.kind === "SUPPORT" ? "Support · " : ""}
                {thread.lastSeq} messages
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
