import type { PromptBudget } from "@/lib/contracts/trace";
import type { ContextPart, ContextSplit } from "@/lib/traces/context-split";

const PARTS: { part: ContextPart; label: string; colour: string }[] = [
  { part: "system", label: "System", colour: "bg-slate-400" },
  { part: "recall", label: "Recalled pages", colour: "bg-sky-500" },
  { part: "buffer", label: "Buffer", colour: "bg-emerald-500" },
  { part: "window", label: "Window", colour: "bg-indigo-500" },
  { part: "tools", label: "Tool calls and results", colour: "bg-amber-500" },
];

const share = (tokens: number, total: number) => (total > 0 ? (tokens / total) * 100 : 0);
const n = (value: number) => value.toLocaleString("en-US");

/**
 * The prompt at a glance: one bar split by what each part of the context
 * costs in tokens. With the turn's budget the bar is the model's whole
 * context: the parts take the prompt's counted share of it (each in
 * proportion to its content tokens), then the room kept for the reply, then
 * what was left free.
 */
export function ContextBar({ split, budget }: { split: ContextSplit; budget?: PromptBudget }) {
  const scale = budget ? (split.total > 0 ? budget.promptTokens / split.total : 0) : 1;
  const whole = budget ? budget.contextTokens : split.total;
  const free = budget ? Math.max(0, budget.contextTokens - budget.promptTokens - budget.replyTokens) : 0;
  const label = PARTS.map((p) => `${p.label}: ${split[p.part]} tokens`).join(", ");
  return (
    <figure className="space-y-2" data-testid="context-bar">
      <div
        className="flex h-3 overflow-hidden rounded-full bg-slate-100"
        role="img"
        aria-label={budget ? `${label}; ${budget.promptTokens} of the model's ${budget.contextTokens} tokens, ${budget.replyTokens} kept for the reply` : label}
      >
        {PARTS.map(({ part, colour, label }) =>
          split[part] > 0 ? (
            <span key={part} className={`block h-full ${colour}`} style={{ width: `${share(split[part] * scale, whole)}%` }} title={`${label}: ${split[part]} tokens`} data-part={part} />
          ) : null,
        )}
        {budget && (
          <span
            className="block h-full bg-[repeating-linear-gradient(135deg,var(--color-slate-400)_0_3px,transparent_3px_6px)]"
            style={{ width: `${share(budget.replyTokens, whole)}%` }}
            title={`Kept for the reply: ${budget.replyTokens} tokens`}
            data-part="reply"
          />
        )}
      </div>
      {budget && (
        <p className="text-xs text-slate-600" data-testid="context-bar-scale">
          <span className="tabular-nums">{n(budget.promptTokens)}</span> of the model&apos;s <span className="tabular-nums">{n(budget.contextTokens)}</span> tokens
          in the prompt, {n(budget.replyTokens)} kept for the reply (striped), {n(free)} free.
        </p>
      )}
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
          How its {n(split.total)} content tokens split (o200k, without chat framing or tool schemas), as stored in the trace.
        </p>
      </figcaption>
    </figure>
  );
}
