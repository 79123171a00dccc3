import type { TurnTraceData } from "@/lib/contracts/trace";
import { ms } from "@/components/ui/format";

function Stat({ label, value, hint }: { label: string; value: number; hint?: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200 ring-inset">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-base font-semibold tabular-nums">{value.toLocaleString("en-US")}</dd>
      {hint && <dd className="text-[11px] text-slate-500">{hint}</dd>}
    </div>
  );
}

export function TokenStats({ tokens }: { tokens: TurnTraceData["tokens"] }) {
  const share = tokens.prompt > 0 ? `${((tokens.buffer / tokens.prompt) * 100).toFixed(1)}% of the prompt` : undefined;
  return (
    <dl className="grid grid-cols-2 gap-2" data-testid="token-stats">
      <Stat label="Prompt (all steps)" value={tokens.prompt} />
      <Stat label="Completion" value={tokens.completion} />
      <Stat label="Buffer added" value={tokens.buffer} hint={tokens.buffer > 0 ? share : "nothing injected"} />
      <Stat label="Recall added" value={tokens.recall} />
    </dl>
  );
}

/** Where the turn's time went; bars share one scale so the model's share is obvious at a glance. */
export function TimingsChart({ timings }: { timings: TurnTraceData["timings"] }) {
  const rows: [string, number | null][] = [
    ["Database", timings.dbMs],
    ["Recall", timings.recallMs],
    ["Buffer", timings.bufferMs],
    // Outside the reply's limits: the in-process model loading, and waiting for its lane.
    ...(timings.loadMs !== undefined ? [["Model load", timings.loadMs] as [string, number]] : []),
    ...(timings.waitMs !== undefined ? [["Engine wait", timings.waitMs] as [string, number]] : []),
    ["Model", timings.modelMs],
    ["Memory pass", timings.memoryPassMs],
    ["Reply total", timings.totalMs],
  ];
  const scale = Math.max(1, ...rows.map(([, value]) => value ?? 0));
  return (
    <ul className="space-y-1.5" aria-label="Timings" data-testid="timings">
      {rows.map(([label, value]) => (
        <li key={label} className="grid grid-cols-[6.5rem_1fr_4.5rem] items-center gap-2 text-xs">
          <span className="text-slate-600">{label}</span>
          <span className="h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
            <span
              className={`block h-full rounded-full ${label === "Reply total" ? "bg-slate-400" : "bg-indigo-500"}`}
              style={{ width: `${((value ?? 0) / scale) * 100}%` }}
            />
          </span>
          <span className="text-right tabular-nums">{value === null ? "not run" : ms(value)}</span>
        </li>
      ))}
    </ul>
  );
}
