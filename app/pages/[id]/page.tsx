import Link from "next/link";
import { notFound } from "next/navigation";
import { FactItem } from "@/components/pages/fact-item";
import { LineHighlight } from "@/components/pages/line-highlight";
import { SupersessionOffers } from "@/components/memory/supersession-offers";
import { MoreFacts, MorePageEpisodes, PageEpisodeItem } from "@/components/pages/more-facts";
import { VisibilityToggle } from "@/components/pages/visibility-toggle";
import { dayAndTime, plural } from "@/components/ui/format";
import { PageHeader } from "@/components/ui/page-header";
import { renderKey } from "@/components/ui/render-key";
import { recordIdSchema } from "@/lib/contracts/ids";
import { formatPageRef } from "@/lib/contracts/prompt/common";
import { FACT_GROUPS, getPage, type FactGroup, type PageDetail } from "@/lib/pages/queries";
import { listSupersessionOffers } from "@/lib/pages/supersession-offers";
import { pageScope } from "@/lib/workspaces/current";

const GROUPS: { group: FactGroup; title: string; empty?: string }[] = [
  { group: "waiting", title: "Waiting for your review" },
  { group: "confirmed", title: "Confirmed", empty: "No confirmed facts yet." },
  { group: "earlier", title: "Earlier facts" },
];

function FactGroups({ page, highlight }: { page: PageDetail; highlight: ReadonlySet<string> }) {
  return GROUPS.map(({ group, title, empty }) => {
    const shown = page.facts[group];
    const total = FACT_GROUPS[group].reduce((sum, status) => sum + page.counts[status], 0);
    if (total === 0 && !empty) return null;
    return (
      <section key={group} aria-labelledby={`group-${group}`}>
        <h2 id={`group-${group}`} className="text-sm font-semibold text-slate-700">
          {title} <span className="font-normal text-slate-600">({total})</span>
        </h2>
        {total === 0 ? (
          <p className="mt-2 text-sm text-slate-500">{empty}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {shown.items.map((fact) => (
              <FactItem key={fact.id} fact={fact} highlighted={highlight.has(fact.id)} />
            ))}
            <MoreFacts key={renderKey()} pageId={page.id} group={group} next={shown.next} />
          </ul>
        )}
      </section>
    );
  });
}

export default async function TopicPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ line?: string | string[] }> }) {
  const { db, workspace } = await pageScope();
  // ?line=<episode id>: opened from a buffer line. A malformed or unknown id highlights nothing, and the note says so.
  const line = (await searchParams).line;
  const followed = line === undefined ? null : recordIdSchema.safeParse(line);
  const pageId = (await params).id;
  const [page, offers] = await Promise.all([
    getPage(db, workspace.id, pageId, followed?.success ? { pointedBy: followed.data } : {}),
    listSupersessionOffers(db, workspace.id, { pageId }),
  ]);
  if (!page) notFound();
  return (
    <div>
      <PageHeader
        eyebrow={
          <Link href="/pages" className="hover:underline">
            ← Pages
          </Link>
        }
        title={page.title}
      >
        <span className="font-mono text-xs">{formatPageRef(page.title)}</span> · {plural(Object.values(page.counts).reduce((a, b) => a + b, 0), "fact")} · updated{" "}
        {dayAndTime(page.updatedAt)}
        <div className="mt-2">
          <VisibilityToggle pageId={page.id} visibility={page.visibility} />
        </div>
      </PageHeader>
      <div className="grid gap-8 px-4 py-6 sm:px-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="space-y-6">
          {followed && <LineHighlight count={page.pointed.length} />}
          <SupersessionOffers offers={offers} />
          <FactGroups page={page} highlight={new Set(page.pointed)} />
        </div>
        <section aria-labelledby="episodes-heading">
          <h2 id="episodes-heading" className="text-sm font-semibold text-slate-700">
            Episodes that point here <span className="font-normal text-slate-600">({page.episodeCount})</span>
          </h2>
          <p className="mt-1 text-xs text-slate-500">Stretches of conversation whose memory pass filed facts into this page.</p>
          {page.episodeCount === 0 ? (
            <p className="mt-3 text-sm text-slate-500">None yet.</p>
          ) : (
            <ul className="mt-3 space-y-2" data-testid="page-episodes">
              {page.episodes.items.map((episode) => (
                <PageEpisodeItem key={episode.id} episode={episode} />
              ))}
              <MorePageEpisodes pageId={page.id} next={page.episodes.next} />
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
