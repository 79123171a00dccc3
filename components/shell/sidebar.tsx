import { Badge } from "@/components/ui/badge";
import { plural } from "@/components/ui/format";
import { threadHref } from "@/components/ui/routes";
import { listThreads } from "@/lib/threads/queries";
import { ownedWorkspaces, pageScope } from "@/lib/workspaces/current";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo";
import { WorkspaceMenu } from "@/components/shell/workspace-menu";
import { NewThreadButton } from "@/components/shell/new-thread-button";
import { SectionLink, ThreadLink } from "@/components/shell/nav-links";

export async function Sidebar() {
  const { db, workspace, user } = await pageScope();
  const [threads, owned] = await Promise.all([listThreads(db, workspace.id), ownedWorkspaces(db, user.id)]);
  return (
    <div className="flex h-full w-72 shrink-0 flex-col border-r border-slate-200 bg-white lg:w-64">
      <div className="border-b border-slate-200 px-4 py-4">
        <p className="text-xs font-semibold tracking-wide text-indigo-600 uppercase">Miles · episodic buffer</p>
        <div className="mt-2">
          <WorkspaceMenu
            active={{ id: workspace.id, name: workspace.name, slug: workspace.slug }}
            owned={owned}
            isDemo={workspace.slug === DEMO_WORKSPACE_SLUG}
            email={user.email}
          />
        </div>
      </div>
      <nav aria-label="Main" className="border-b border-slate-200 px-2 py-3">
        <ul className="space-y-0.5">
          <li>
            <SectionLink href="/" section="chat">Chat threads</SectionLink>
          </li>
          <li>
            <SectionLink href="/pages" section="pages">Pages</SectionLink>
          </li>
          <li>
            <SectionLink href="/evaluation" section="evaluation">Evaluation</SectionLink>
          </li>
          <li>
            <SectionLink href="/settings" section="settings">Settings</SectionLink>
          </li>
          <li>
            <SectionLink href="/threads/import" section="import">Import thread</SectionLink>
          </li>
        </ul>
      </nav>
      <div className="px-3 pt-3">
        <NewThreadButton />
      </div>
      <nav aria-labelledby="threads-heading" className="flex min-h-0 flex-1 flex-col">
        <h2 id="threads-heading" className="px-5 pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">
          Threads
        </h2>
        <ul className="flex-1 space-y-0.5 overflow-y-auto px-2 pb-4" data-testid="thread-list">
          {threads.map((thread) => (
            <li key={thread.id}>
              <ThreadLink href={threadHref(thread.id)}>
                <span className="block truncate font-medium" title={thread.title}>
                  {thread.title}
                </span>
                <span className="mt-0.5 flex items-center gap-2 text-xs font-normal text-slate-500">
                  <Badge tone={thread.kind === "SUPPORT" ? "violet" : "sky"}>{thread.kind === "SUPPORT" ? "Support" : "Owner"}</Badge>
                  {plural(thread.lastSeq, "message")}
                </span>
              </ThreadLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
