import { ARMS } from "@/lib/eval/arms";
import { percent } from "@/lib/eval/format";
import type { EvalReport, Proportion } from "@/lib/eval/report-schema";

function Rate({ value }: { value: Proportion | null | undefined }) {
  if (!value) return <td className="py-1.5 pr-3 text-right text-slate-500">—</td>;
  return (
    <td className="py-1.5 pr-3 text-right">
      {percent(value.rate)} <span className="text-[11px] text-slate-500">({value.count}/{value.n})</span>
    </td>
  );
}

/** Whether the agent opened the page the evidence was filed on, and whether the buffer even pointed there. */
export function ReadsTable({ report }: { report: EvalReport }) {
  const row = (arm: string, regime: string) => report.accuracy.find((r) => r.arm === arm && r.regime === regime);
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full min-w-[32rem] text-left text-sm tabular-nums" data-testid="reads-table">
        <thead className="text-xs text-slate-500">
          <tr className="border-b border-slate-200">
            <th className="py-1.5 pr-3 font-medium">Arm</th>
            {report.regimes.flatMap((regime) => [
              <th key={`${regime}-opened`} className="py-1.5 pr-3 text-right font-medium">
                {regime}: opened
              </th>,
              <th key={`${regime}-pointed`} className="py-1.5 pr-3 text-right font-medium">
                {regime}: buffer pointed
              </th>,
            ])}
          </tr>
        </thead>
        <tbody>
          {report.arms.map(({ id }) => (
            <tr key={id} className="border-b border-slate-100 last:border-0">
              <td className="py-1.5 pr-3">
                <span className="font-medium">{id}</span> <span className="text-slate-600">{ARMS[id].label}</span>
              </td>
              {report.regimes.flatMap((regime) => [
                <Rate key={`${regime}-opened`} value={row(id, regime)?.opened} />,
                <Rate key={`${regime}-pointed`} value={row(id, regime)?.pointed} />,
              ])}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
