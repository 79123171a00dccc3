import type { ReactNode } from "react";

export function Card({ title, note, children, testId }: { title: string; note?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
