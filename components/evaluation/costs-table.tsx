import { ARMS } from "@/lib/eval/arms";
import { figure, milliseconds } from "@/lib/eval/format";
import type { CostRow, Distribution, EvalReport } from "@/lib/eval/report-schema";

const COLUMNS: Array<{ key: keyof Omit<CostRow, "arm" | "n" | "group" | "allCallsInputTokens" | "outputTokens">; label: string; hint: string; show: (v: number) => string }> = [
  { key: "promptTokens", label: "Prompt tokens", hint: "first model call, o200k", show: (v) => figure(Math.round(v)) },
  { key: "addedTokens", label: "Added", hint: "buffer block or summary", show: (v) => figure(Math.round(v)) },
  { key: "inputTokens", label: "Input tokens", hint: "all calls, as reported", show: (v) => figure(Math.round(v)) },
  { key: "modelCalls", label: "Model calls", hint: "steps + summary calls", show: figure },
  { key: "toolCalls", label: "Extra reads", hint: "read_page, search", show: figure },
  { key: "overheadMs", label: "Before the model", hint: "db + recall + buffer", show: milliseconds },
  { key: "totalMs", label: "Whole turn", hint: "model included", show: milliseconds },
];

function Cell({ value, show }: { value: Distribution; show: (v: number) => string }) {
  return (
    <td className="py-2 pr-3 text-right align-top">
      <span className="block font-medium">{show(value.mean)}</span>
      <span className="block text-[11px] whitespace-nowrap text-slate-500">
        p50 {show(value.p50)} · p95 {show(value.p95)}
      </span>
    </td>
  );
}

/** What the question turn cost per arm: mean, with median and 95th percentile under it. */
export function CostsTable({ report }: { report: EvalReport }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full min-w-[48rem] text-left text-sm" data-testid="costs-table">
        <thead className="text-xs text-slate-500">
          <tr className="border-b border-slate-200">
            <th className="py-2 pr-3 font-medium">Arm</th>
            {COLUMNS.map((c) => (
              <th key={c.key} className="py-2 pr-3 text-right font-medium">
                <span className="block">{c.label}</span>
                <span className="block text-[11px] font-normal text-slate-500">{c.hint}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {report.costs.map((row) => (
            <tr key={row.arm} className="border-b border-slate-100 last:border-0" data-testid="cost-row">
              <td className="py-2 pr-3 align-top">
                <span className="font-medium">{row.arm}</span> <span className="text-slate-600">{ARMS[row.arm].label}</span>
                <span className="block text-[11px] text-slate-500">{row.n} turns</span>
              </td>
              {COLUMNS.map((c) => (
                <Cell key={c.key} value={row[c.key]} show={c.show} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
