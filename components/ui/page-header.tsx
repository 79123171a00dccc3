import type { ReactNode } from "react";

/** The title block every non-chat screen opens with. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-white px-4 py-5 sm:px-8">
      {eyebrow && <div className="text-xs font-medium text-slate-500">{eyebrow}</div>}
      <h1 className="mt-0.5 text-xl font-semibold text-slate-900">{title}</h1>
      {children && <div className="mt-1 max-w-3xl text-sm text-slate-600">{children}</div>}
    </header>
  );
}
