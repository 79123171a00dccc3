import Link from "next/link";
import { notFound } from "next/navigation";
import { MoreEpisodes } from "@/components/episodes/more-episodes";
import { TimelineItem, withinFold } from "@/components/episodes/timeline-item";
import { Badge } from "@/components/ui/badge";
import { dayRange, plural, seqRange } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { PageLink } from "@/components/ui/page-link";
import { threadHref } from "@/components/ui/routes";
import { previewNextTurn } from "@/lib/agent/preview";
import { readConfig } from "@/lib/config";
import { countEpisodes, listFolds, timelinePage } from "@/lib/episodes/store";
import { findThreadSummary } from "@/lib/threads/queries";
import { pageScope } from "@/lib/workspaces/current";

export default async function EpisodesPage({ params }: { params: Promise<{ id: string }> }) {
  const { db, workspace } = await pageScope();
  const thread = await findThreadSummary(db, workspace.id, (await params).id);
  if (!thread) notFound();
  const [folds, total, preview] = await Promise.all([
    listFolds(db, thread.id),
    countEpisodes(db, thread.id),
    previewNextTurn(db, readConfig(), workspace.id, thread.id),
  ]);
  const timeline = await timelinePage(db, workspace.id, thread.id, 0, folds.flatMap((f) => f.pages));
  const { pageIds } = timeline;
  const episodes = timeline.items;
  // Which lines the next turn's buffer shows, and where its gap marker sits: after the first line, before the recent ones.
  const inBuffer = new Map(preview.buffer.chosen.map((c) => [c.episodeId, c.reason]));
  const shownFolds = preview.buffer.chosen.filter((c) => c.reason === "fold").map((f) => ({ fromSeq: f.fromSeq, toSeq: f.toSeq }));
  const firstRecent = preview.buffer.chosen.find((c) => c.reason === "recent");
  const leftOut =
    preview.buffer.gap && firstRecent
      ? await countEpisodes(db, thread.id, { beforeSeq: firstRecent.fromSeq, except: [...inBuffer.keys()], outside: shownFolds })
      : 0;
  return (
    <div>
      <PageHeader
        eyebrow={
          <Link href={threadHref(thread.id)} className="hover:underline">
            ← Back to the chat
          </Link>
        }
        title={`Episode timeline · ${thread.title}`}
      >
        Each line is what the memory pass wrote for one stretch of this thread, pointing at the pages it filed facts into.
        The buffer shows the first line and the latest ones before the window. {plural(total, "episode")} ·
        the memory pass has read up to #{thread.consolidatedSeq} of {plural(thread.lastSeq, "message")}.
        {preview.buffer.status === "injected" && (
          <span data-testid="timeline-buffer-summary">
            {" "}
            The next turn&apos;s buffer shows {plural(inBuffer.size, "line")} (marked below); its window starts at #{preview.window.fromSeq}.
          </span>
        )}
      </PageHeader>
      <div className="px-4 py-6 sm:px-8">
        {episodes.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">
            No episodes yet: the memory pass writes one after each reply that says something worth keeping.
          </p>
        ) : (
          <ol className="relative max-w-3xl space-y-4 border-l-2 border-indigo-100 pl-6" data-testid="episode-timeline">
            {episodes.flatMap((episode) => {
              const reason = inBuffer.get(episode.id);
              const item = (
                <TimelineItem key={episode.id} threadId={thread.id} episode={episode} reason={reason} viaFold={withinFold(episode, shownFolds)} pageIds={pageIds} />
              );
              if (reason !== "first" || leftOut === 0) return [item];
              return [
                item,
                <li key="gap" className="relative" data-testid="timeline-gap">
                  <span aria-hidden className="absolute top-2 -left-[31px] h-3 w-3 rounded-full bg-amber-400 ring-4 ring-white" />
                  <p className="rounded-md border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900">
                    The buffer&apos;s gap: the next {plural(leftOut, "line")} are left out of it; the agent reaches them with search_chat_history.
                  </p>
                </li>,
              ];
            })}
            <MoreEpisodes threadId={thread.id} afterSeq={timeline.nextAfterSeq} inBuffer={Object.fromEntries(inBuffer)} folds={shownFolds} />
          </ol>
        )}
        {folds.length > 0 && (
          <section className="mt-8 max-w-3xl" data-testid="fold-list">
            <h2 className="text-sm font-semibold text-slate-700">Folds</h2>
            <p className="mt-1 text-xs text-slate-500">
              Each fold is one line the memory pass wrote for several older stretches together, so the buffer can point at the far middle of
              the thread; the stretches it covers stay as they are.
            </p>
            <ol className="mt-3 space-y-3">
              {folds.map((fold) => (
                <li key={fold.id} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-violet-200" data-testid="fold" data-from-seq={fold.fromSeq}>
                  <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
                    <span className="font-medium text-slate-700">{dayRange(fold.fromAt, fold.toAt)}</span>
                    <span>
                      covers {plural(fold.episodes, "stretch", "stretches")}, {seqRange(fold.fromSeq, fold.toSeq)}
                    </span>
                    {inBuffer.has(fold.id) && (
                      <Badge tone="emerald" testId="in-buffer">
                        in the buffer · fold
                      </Badge>
                    )}
                  </p>
                  <p className="mt-1 text-sm text-slate-900">{fold.gist}</p>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    {fold.pages.length === 0 ? "Nothing filed" : fold.pages.map((title) => <PageLink key={title} title={title} id={pageIds[title]} />)}
                  </p>
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
    </div>
  );
}
