import type { ReactNode } from "react";

/** One chart or table of the Evaluation page: its title, a headline sentence saying what it shows, a note on how to read it. */
export function Card({ title, headline, note, children, testId }: { title: string; headline?: string; note?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {headline && (
        <p className="mt-1 text-sm text-slate-800" data-testid="chart-headline">
          {headline}
        </p>
      )}
      {note && <p className="mt-1 text-xs text-slate-600">{note}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
