import type { ReactNode } from "react";

/** A collapsible part of the debug panel; native <details> so it opens from the keyboard and reads well to screen readers. */
export function Section(props: { title: string; meta?: ReactNode; defaultOpen?: boolean; testId?: string; children: ReactNode }) {
  return (
    <details open={props.defaultOpen ?? true} className="group border-b border-slate-200" data-testid={props.testId}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <span aria-hidden className="text-slate-500 transition-transform group-open:rotate-90">
            ▸
          </span>
          {props.title}
        </span>
        {props.meta && <span className="flex flex-wrap items-center justify-end gap-1">{props.meta}</span>}
      </summary>
      <div className="space-y-3 px-4 pb-4 text-sm text-slate-700">{props.children}</div>
    </details>
  );
}

/** A label and value pair laid out in the panel's two-column lists. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] gap-2">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
