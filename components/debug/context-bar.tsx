import type { ContextPart, ContextSplit } from "@/lib/traces/context-split";

const PARTS: { part: ContextPart; label: string; colour: string }[] = [
  { part: "system", label: "System", colour: "bg-slate-400" },
  { part: "recall", label: "Recalled pages", colour: "bg-sky-500" },
  { part: "buffer", label: "Buffer", colour: "bg-emerald-500" },
  { part: "window", label: "Window", colour: "bg-indigo-500" },
  { part: "tools", label: "Tool calls and results", colour: "bg-amber-500" },
];

const share = (tokens: number, total: number) => (total > 0 ? (tokens / total) * 100 : 0);

/** The prompt at a glance: one bar split by what each part of the context costs in tokens. */
export function ContextBar({ split }: { split: ContextSplit }) {
  return (
    <figure className="space-y-2" data-testid="context-bar">
      <div className="flex h-3 overflow-hidden rounded-full bg-slate-100" role="img" aria-label={PARTS.map((p) => `${p.label}: ${split[p.part]} tokens`).join(", ")}>
        {PARTS.map(({ part, colour, label }) =>
          split[part] > 0 ? (
            <span key={part} className={`block h-full ${colour}`} style={{ width: `${share(split[part], split.total)}%` }} title={`${label}: ${split[part]} tokens`} data-part={part} />
          ) : null,
        )}
      </div>
      <figcaption>
        <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs text-slate-600">
          {PARTS.map(({ part, colour, label }) => (
            <li key={part} className="flex items-center gap-1.5" data-testid="context-part" data-part={part}>
              <span aria-hidden className={`inline-block h-2.5 w-2.5 shrink-0 rounded-sm ${colour}`} />
              <span className="min-w-0 truncate">{label}</span>
              <span className="ml-auto tabular-nums">
                {split[part].toLocaleString("en-US")} · {Math.round(share(split[part], split.total))}%
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-1 text-[11px] text-slate-500">
          How its {split.total.toLocaleString("en-US")} content tokens split (o200k, without chat framing or tool schemas), as stored in the trace.
        </p>
      </figcaption>
    </figure>
  );
}
