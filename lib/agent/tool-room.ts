import type { PromptBudget } from "@/lib/contracts/trace";

// The room tool results may take in the model's context: what the turn's
// first prompt left (its budget, less the reply's reserve). Every later call
// reads the first prompt again plus each tool call and result so far, so
// each result takes its share of the room; one that does not fit is cut to
// the items that do, with a note telling the model how many were left out
// (and the trace saying so too).

/** Each tool call and result adds some framing of its own around its JSON. */
const PER_CALL_TOKENS = 20;

/** Which items of a result's list matter most when some must go: search's first (best) matches, a page's last (newest) facts. */
export type KeepEnd = "first" | "last";

type Result = Record<string, unknown>;

function longestList(value: Result): string | null {
  const lists = Object.entries(value).filter(([, v]) => Array.isArray(v) && v.length > 0) as [string, unknown[]][];
  return lists.sort((a, b) => JSON.stringify(b[1]).length - JSON.stringify(a[1]).length)[0]?.[0] ?? null;
}

const NOTHING_FITS = "This result did not fit in the model's context and was left out; ask for less, or search for exact words.";

/**
 * The result cut to `max` tokens: the longest list inside it keeps as many
 * items from its `keep` end as fit, and `leftOut` tells the model how many
 * went. A result that fits no other way is replaced by a note saying so.
 * `cut` says what was left out, for the trace; null when nothing was.
 */
export async function fitToolResult(
  value: Result,
  keep: KeepEnd,
  max: number,
  count: (text: string) => Promise<number>,
): Promise<{ value: Result; cut: string | null }> {
  const fits = async (candidate: Result) => (await count(JSON.stringify(candidate))) <= max;
  if (await fits(value)) return { value, cut: null };
  const key = longestList(value);
  const items = key ? (value[key] as unknown[]) : [];
  const shortened = (kept: number): Result => ({
    ...value,
    [key!]: keep === "first" ? items.slice(0, kept) : items.slice(items.length - kept),
    leftOut: `${items.length - kept} of ${items.length} ${key} left out to fit the model's context (the ${keep === "first" ? "last" : "first"} ones); ask for less, or search for exact words.`,
  });
  if (key && (await fits(shortened(0)))) {
    // The most items that fit: the largest `kept` for which the shortened result still fits.
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (await fits(shortened(mid))) lo = mid;
      else hi = mid - 1;
    }
    return { value: shortened(lo), cut: `${items.length - lo} of ${items.length} ${key}` };
  }
  return { value: { leftOut: NOTHING_FITS }, cut: "the whole result" };
}

export class ToolRoom {
  /** What results were cut, for the trace. */
  readonly cuts: PromptBudget["leftOut"] = [];
  private left: number;

  constructor(
    budget: Pick<PromptBudget, "contextTokens" | "replyTokens" | "promptTokens" | "marginPct">,
    private readonly count: (text: string) => Promise<number>,
  ) {
    const margin = 1 + budget.marginPct / 100;
    // In the counter's own units: the room, less the margin the counter may be off by.
    this.left = Math.floor((budget.contextTokens - budget.replyTokens) / margin) - budget.promptTokens;
  }

  /** The result as it may go into the prompt: whole, or cut to the room left after this call's input. */
  async fit(tool: string, input: unknown, value: Result, keep: KeepEnd): Promise<Result> {
    const inputTokens = (await this.count(JSON.stringify(input ?? null))) + PER_CALL_TOKENS;
    this.left -= inputTokens;
    const fitted = await fitToolResult(value, keep, Math.max(0, this.left), this.count);
    this.left -= await this.count(JSON.stringify(fitted.value));
    if (fitted.cut) this.cuts.push({ what: "tool-result", count: 1, detail: `${tool}: ${fitted.cut} left out to fit the model's context, and the model told so` });
    return fitted.value;
  }
}
