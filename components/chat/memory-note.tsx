import Link from "next/link";
import { notePages, type MemoryNote } from "@/lib/contracts/memory-note";
import { plural } from "@/components/ui/format";
import { factHref, pageHref } from "@/components/ui/routes";

/**
 * Under a reply: what its memory pass remembered. While the pass is on its
 * way it says so; once it lands, "Filed 3 facts on Suppliers, Pricing" with a
 * link to each page and, opened, to each fact.
 */
export function MemoryNoteLine({ note }: { note: MemoryNote }) {
  const base = "px-2 text-xs";
  if (note.state === "queued" || note.state === "running") {
    return (
      <p role="status" className={`${base} text-slate-600`} data-testid="memory-note" data-state={note.state}>
        Filing into memory…
      </p>
    );
  }
  if (note.state !== "filed") {
    const text = {
      nothing: "Nothing new to remember here.",
      "kept-out": "Kept out of memory: nothing from this thread is filed.",
      failed: "The memory pass failed; the debug panel can run it again.",
    }[note.state];
    return (
      <p role="status" className={`${base} ${note.state === "failed" ? "text-red-700" : "text-slate-600"}`} data-testid="memory-note" data-state={note.state}>
        {text}
      </p>
    );
  }
  const pages = notePages(note);
  return (
    <details className={`${base} max-w-[85%] text-emerald-900 sm:max-w-[75%]`} data-testid="memory-note" data-state="filed">
      <summary className="cursor-pointer">
        Filed {plural(note.facts.length, "fact")} on{" "}
        {pages.map((title, i) => {
          const id = note.facts.find((f) => f.page === title)?.pageId;
          return (
            <span key={title}>
              {i > 0 && ", "}
              {id ? (
                <Link href={pageHref(id)} className="font-medium underline underline-offset-2" data-testid="memory-note-page">
                  {title}
                </Link>
              ) : (
                title
              )}
            </span>
          );
        })}
      </summary>
      <ul className="mt-1 space-y-0.5 pl-3">
        {note.facts.map((fact) => (
          <li key={fact.id}>
            {fact.pageId ? (
              // A plain link, so the browser loads the page and marks the fact as the address's target (:target); a client-side move would not.
              <a href={factHref(fact.pageId, fact.id)} className="underline underline-offset-2" data-testid="memory-note-fact">
                {fact.text}
              </a>
            ) : (
              fact.text
            )}
            {fact.status === "PENDING" && <span className="text-amber-800"> (waiting for your review)</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
