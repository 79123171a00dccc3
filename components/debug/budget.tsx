import type { PromptBudget } from "@/lib/contracts/trace";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import { Badge } from "@/components/ui/badge";
import { Field } from "@/components/debug/section";

const n = (value: number) => value.toLocaleString("en-US");

const SOURCE: Record<PromptBudget["contextSource"], string> = {
  configured: "set by MODEL_CONTEXT_TOKENS",
  provider: "read from the provider",
  default: "a default",
};

/**
 * The turn's prompt against the model's context: what was sent (counted as
 * the model reads it: the model's own tokenizer in-process, an o200k
 * estimate with its margin otherwise), what the engine or provider reported,
 * the room kept for the reply, and what was left out to make it fit.
 */
export function BudgetView({ budget }: { budget: PromptBudget }) {
  const estimate = budget.method === "estimate";
  return (
    <div className="space-y-2" data-testid="budget">
      <p className="text-sm">
        <span className="font-semibold tabular-nums" data-testid="budget-tokens">
          {estimate ? "≈ " : ""}
          {n(budget.promptTokens)}
        </span>{" "}
        tokens of <span className="tabular-nums" data-testid="budget-context">{n(budget.contextTokens)}</span> in the first call&apos;s prompt, with{" "}
        {n(budget.replyTokens)} kept for the reply
        {estimate && <span data-testid="budget-margin"> (±{budget.marginPct}%)</span>}
      </p>
      <dl className="space-y-1 text-xs">
        <Field label="Counted with">{budget.counter}</Field>
        <Field label="Reported">
          <span data-testid="budget-reported">
            {budget.reportedTokens === null ? "nothing (the call was cut off or failed)" : `${n(budget.reportedTokens)} by the ${estimate ? "provider" : "engine"}`}
          </span>
        </Field>
        <Field label="Context">
          {n(budget.contextTokens)} tokens, {SOURCE[budget.contextSource]}: {budget.contextDetail}
        </Field>
      </dl>
      {budget.toolsUnavailable && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900" data-testid="tools-unavailable">
          Ran without tools ({budget.toolsUnavailable}): the model could not open pages or search; recall and the buffer stayed in the prompt.
        </p>
      )}
      {budget.leftOut.length > 0 ? (
        <div data-testid="budget-left-out">
          <h4 className="text-xs font-semibold text-slate-500 uppercase">Left out to fit</h4>
          <ul className="mt-1 space-y-1 text-xs">
            {budget.leftOut.map((item, i) => (
              <li key={i} className="flex items-start gap-1.5" data-testid="left-out">
                <Badge tone="amber">{item.what === "window" ? `${item.count} messages` : item.what === "recall" ? `${item.count} pages` : "tool result"}</Badge>
                <span>{item.detail}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-xs text-slate-500">Nothing was left out: the whole prompt fitted.</p>
      )}
    </div>
  );
}

/** The memory pass's prompt and answer against the model's context, and what it left out to fit. */
export function PassFitLine({ fit }: { fit: NonNullable<MemoryPassReport["fit"]> }) {
  return (
    <p className="text-xs text-slate-500" data-testid="memory-pass-fit">
      Prompt {n(fit.promptTokens)} of {n(fit.contextTokens)} tokens, answer up to {n(fit.maxOutputTokens)}
      {fit.leftOut.length > 0 ? `; left out to fit: ${fit.leftOut.join("; ")}` : ""}.
    </p>
  );
}
