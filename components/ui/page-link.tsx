import Link from "next/link";
import { formatPageRef } from "@/lib/contracts/prompt/common";
import { pageHref } from "@/components/ui/routes";

/** A page as prompts name it ("pages/Second Location"), linked when the page still exists. */
export function PageLink({ title, id }: { title: string; id: string | undefined }) {
  if (!id) return <span className="font-mono text-xs text-slate-600">{formatPageRef(title)}</span>;
  return (
    <Link href={pageHref(id)} className="font-mono text-xs text-indigo-700 underline underline-offset-2" data-testid="page-link">
      {formatPageRef(title)}
    </Link>
  );
}
