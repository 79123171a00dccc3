import Link from "next/link";
import { formatPageRef } from "@/lib/contracts/prompt/common";
import { lineOnPageHref, pageHref } from "@/components/ui/routes";

/**
 * A page as prompts name it ("pages/Second Location"), linked when the page
 * still exists; named by a buffer line (`episodeId`), the link highlights the
 * facts that line points at.
 */
export function PageLink({ title, id, episodeId }: { title: string; id: string | undefined; episodeId?: string }) {
  if (!id) return <span className="font-mono text-xs text-slate-600">{formatPageRef(title)}</span>;
  return (
    <Link href={episodeId ? lineOnPageHref(id, episodeId) : pageHref(id)} className="font-mono text-xs text-indigo-700 underline underline-offset-2" data-testid="page-link">
      {formatPageRef(title)}
    </Link>
  );
}
