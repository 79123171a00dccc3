import { countOpenQuestions } from "@/lib/questions/store";
import { listThreads } from "@/lib/threads/queries";
import { Badge } from "@/components/ui/badge";
import { ownedWorkspaces, pageScope } from "@/lib/workspaces/current";
import { MoreThreads } from "@/components/shell/more-threads";
import { WorkspaceMenu } from "@/components/shell/workspace-menu";
import { NewThreadButton } from "@/components/shell/new-thread-button";
import { SectionLink, ThreadListItem } from "@/components/shell/nav-links";
import { byDay, dayLabel } from "@/components/shell/thread-days";

export async function Sidebar() {
  const scope = await pageScope();
  const { db, workspace, user } = scope;
  const [threads, owned, waiting] = await Promise.all([listThreads(db, workspace.id), ownedWorkspaces(scope), countOpenQuestions(db, workspace.id)]);
  const now = new Date();
  const days = byDay(threads.items, now);
  const last = threads.items.at(-1);
  return (
    <div className="flex h-full w-72 shrink-0 flex-col border-r border-slate-200 bg-white lg:w-64">
      <section aria-label="Business and account" className="border-b border-slate-200 px-4 py-4">
        <p className="text-xs font-semibold tracking-wide text-indigo-700 uppercase">Miles · episodic buffer</p>
        <div className="mt-2">
          <WorkspaceMenu
            active={{ id: workspace.id, name: workspace.name, slug: workspace.slug }}
            owned={owned}
            isDemo={workspace.demo}
            email={user.email}
          />
        </div>
      </section>
      <nav aria-label="Main" className="border-b border-slate-200 px-2 py-3">
        <ul className="space-y-0.5">
          <li>
            <SectionLink href="/" section="chat">Chat threads</SectionLink>
          </li>
          <li>
            <SectionLink href="/memory" section="memory">Memory</SectionLink>
          </li>
          <li>
            <SectionLink href="/pages" section="pages">Pages</SectionLink>
          </li>
          <li>
            <SectionLink href="/questions" section="questions">
              <span className="flex-1">Unanswered questions</span>
              {waiting > 0 && (
                <Badge tone="amber" testId="questions-count">
                  {waiting}
                  <span className="sr-only"> waiting</span>
                </Badge>
              )}
            </SectionLink>
          </li>
          <li>
            <SectionLink href="/evaluation" section="evaluation">Evaluation</SectionLink>
          </li>
          <li>
            <SectionLink href="/design" section="design">The design</SectionLink>
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
        <h2 id="threads-heading" className="px-5 pt-4 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          Threads
        </h2>
        <ul className="flex-1 space-y-0.5 overflow-y-auto px-2 pb-4" data-testid="thread-list">
          {days.map(({ thread, heading }) => (
            // Only what the entry shows crosses to the browser.
            <ThreadListItem
              key={thread.id}
              heading={heading}
              thread={{ id: thread.id, title: thread.title, kind: thread.kind, lastSeq: thread.lastSeq, updatedAt: thread.updatedAt }}
            />
          ))}
          {/* A new render of the list (a thread changed) starts the browser's pages again from its own cursor. */}
          <MoreThreads key={threads.next ?? "end"} next={threads.next} lastDay={last ? dayLabel(last.updatedAt, now) : null} />
        </ul>
      </nav>
    </div>
  );
}
