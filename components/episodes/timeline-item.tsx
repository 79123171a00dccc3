import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { dayRange, seqRange } from "@/components/ui/format";
import { InlineEdit } from "@/components/ui/inline-edit";
import { PageLink } from "@/components/ui/page-link";
import { messageHref } from "@/components/ui/routes";
import type { BufferMark } from "@/lib/contracts/prompt/buffer-block";

/** An episode line as the server renders it, or as the browser fetched it (dates as strings). */
export type TimelineEpisode = {
  id: string;
  fromSeq: number;
  toSeq: number;
  fromAt: Date | string;
  toAt: Date | string;
  gist: string;
  pages: string[];
  marks: BufferMark[];
  ownerEditedAt: Date | string | null;
  machineGist: string;
};

/** The stretches the next turn's buffer shows as folds: a line inside one reaches the buffer through it. */
export type FoldRange = { fromSeq: number; toSeq: number };

export const withinFold = (episode: FoldRange, folds: FoldRange[]) => folds.some((f) => episode.fromSeq >= f.fromSeq && episode.toSeq <= f.toSeq);

/** One line of the episode timeline; `reason` marks a line the next turn's buffer shows. */
export function TimelineItem({
  threadId,
  episode,
  reason,
  viaFold,
  pageIds,
}: {
  threadId: string;
  episode: TimelineEpisode;
  reason: string | undefined;
  viaFold: boolean;
  pageIds: Record<string, string>;
}) {
  return (
    <li className="relative" data-testid="episode" data-from-seq={episode.fromSeq} data-in-buffer={reason}>
      <span
        aria-hidden
        className={`absolute top-4 -left-[31px] h-3 w-3 rounded-full ring-4 ring-white ${reason ? "bg-emerald-500" : "bg-indigo-500"}`}
      />
      <div className={`rounded-lg bg-white p-4 shadow-sm ring-1 ${reason ? "ring-2 ring-emerald-400" : "ring-slate-200"}`}>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
          <span className="font-medium text-slate-700">{dayRange(episode.fromAt, episode.toAt)}</span>
          <span>{seqRange(episode.fromSeq, episode.toSeq)}</span>
          {reason && (
            <Badge tone="emerald" testId="in-buffer">
              in the buffer · {reason}
            </Badge>
          )}
          {!reason && viaFold && (
            <Badge tone="violet" testId="in-buffer-fold">
              in the buffer · within a fold
            </Badge>
          )}
          {episode.marks.includes("rejected") && <Badge tone="amber">you rejected what it points at</Badge>}
          {episode.marks.includes("corrected") && <Badge tone="amber">a record here was corrected since</Badge>}
          {episode.ownerEditedAt && (
            <Badge tone="sky" testId="episode-owner-edit">
              your wording
            </Badge>
          )}
        </p>
        <p className="mt-1 text-sm text-slate-900" data-testid="episode-gist">
          {episode.gist}
        </p>
        {episode.ownerEditedAt && <p className="mt-1 text-xs text-slate-500">The memory pass wrote: {episode.machineGist}</p>}
        <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            {episode.pages.length === 0 ? "Nothing filed" : episode.pages.map((title) => <PageLink key={title} title={title} id={pageIds[title]} />)}
          </p>
          <InlineEdit
            endpoint={`/api/episodes/${episode.id}`}
            initial={episode.gist}
            label="Reword"
            clearLabel={episode.ownerEditedAt ? "Use the memory pass's line" : undefined}
            testId="episode-edit"
          />
          <Link
            href={messageHref(threadId, episode.fromSeq)}
            aria-label={`Jump to messages ${seqRange(episode.fromSeq, episode.toSeq)}`}
            className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50"
            data-testid="jump-to-messages"
          >
            Jump to messages
          </Link>
        </div>
      </div>
    </li>
  );
}
