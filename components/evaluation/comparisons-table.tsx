import { ARMS } from "@/lib/eval/arms";
import { percent, points, pointsInterval, pValue } from "@/lib/eval/format";
import type { Comparison, EvalReport } from "@/lib/eval/report-schema";

/** Whether a paired interval excludes zero, and which way. */
function direction(c: Comparison): "better" | "worse" | "unclear" {
  if (c.low > 0) return "better";
  if (c.high < 0) return "worse";
  return "unclear";
}

const DIRECTION_CLASS = { better: "text-emerald-700", worse: "text-red-700", unclear: "text-slate-700" } as const;

export function ComparisonsTable({ report }: { report: EvalReport }) {
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="comparisons-table">
        <thead className="text-xs text-slate-500">
          <tr className="border-b border-slate-200">
            <th className="py-2 pr-3 font-medium">Regime</th>
            <th className="py-2 pr-3 font-medium">Comparison</th>
            <th className="py-2 pr-3 text-right font-medium">Accuracy</th>
            <th className="py-2 pr-3 text-right font-medium">Difference</th>
            <th className="py-2 pr-3 text-right font-medium">95% CI (paired bootstrap)</th>
            <th className="py-2 pr-3 text-right font-medium">Only arm / only baseline</th>
            <th className="py-2 text-right font-medium">McNemar p</th>
          </tr>
        </thead>
        <tbody className="tabular-nums">
          {report.comparisons.map((c) => (
            <tr key={`${c.regime}-${c.metric}-${c.arm}-${c.baseline}`} className="border-b border-slate-100 last:border-0">
              <td className="py-2 pr-3">{c.regime}</td>
              <td className="py-2 pr-3">
                <span className="font-medium">
                  {c.arm} − {c.baseline}
                </span>{" "}
                <span className="text-xs text-slate-500">
                  {ARMS[c.arm].label} vs {ARMS[c.baseline].label}
                  {c.metric === "judged" && " · judge"}
                </span>
              </td>
              <td className="py-2 pr-3 text-right">
                {percent(c.meanArm)} vs {percent(c.meanBaseline)}
              </td>
              <td className={`py-2 pr-3 text-right font-medium ${DIRECTION_CLASS[direction(c)]}`}>{points(c.diff)}</td>
              <td className="py-2 pr-3 text-right">{pointsInterval(c.low, c.high)}</td>
              <td className="py-2 pr-3 text-right">
                {c.onlyArm} / {c.onlyBaseline}
              </td>
              <td className="py-2 text-right">{pValue(c.pValue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
