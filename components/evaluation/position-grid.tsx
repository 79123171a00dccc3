import type { EvalReport } from "@/lib/eval/report-schema";
import type { Position } from "@/lib/eval/positions";
import { percent, percentInterval } from "@/lib/eval/format";
import { shadeOf, textOn } from "@/components/evaluation/grid-shade";

/** What each of the generator's fact positions means; a case file's own groups show by name. */
const POSITION_NOTES: Record<Position, string> = {
  "first-stretch": "in the thread's first stretch (the buffer's first line)",
  "far-middle": "in the middle, past the buffer's recent lines",
  middle: "in the middle, within the buffer's recent lines",
  "before-window": "just before the window",
  "inside-window": "control: inside the window of a long thread",
  "fits-window": "control: the whole thread fits the window",
};

/**
 * Accuracy of every arm in every group of cases (where the fact sits), as a
 * grid of cells shaded by the share answered right: where an arm helps shows
 * as a darker column in a row, without reading the numbers.
 */
export function PositionGrid({ report }: { report: EvalReport }) {
  const groups = report.groups ?? [];
  const rows = report.byGroup ?? [];
  if (groups.length === 0) return <p className="text-sm text-slate-500">This report does not break its cases down by group.</p>;
  return (
    // Focusable: on a phone the table scrolls sideways, and a keyboard must be able to scroll it too.
    <div className="overflow-x-auto" tabIndex={0}>
      <table className="w-full min-w-[36rem] border-separate border-spacing-1 text-sm" data-testid="position-grid">
        <thead>
          <tr>
            <th className="text-left text-xs font-medium text-slate-500">Where the fact sits</th>
            {report.arms.map((arm) => (
              <th key={arm.id} className="text-center text-xs font-semibold text-slate-900" title={arm.description}>
                {arm.id}
                <span className="block text-[11px] font-normal text-slate-500">{arm.label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group}>
              <th scope="row" className="pr-2 text-left align-middle font-medium text-slate-800">
                {group}
                {group in POSITION_NOTES && <span className="block text-[11px] font-normal text-slate-500">{POSITION_NOTES[group as Position]}</span>}
              </th>
              {report.arms.map((arm) => {
                const row = rows.find((r) => r.value === group && r.arm === arm.id);
                if (!row) return <td key={arm.id} className="rounded bg-slate-50 text-center text-slate-500">–</td>;
                const { rate, count, n, low, high } = row.correct;
                const shade = shadeOf(rate);
                return (
                  <td
                    key={arm.id}
                    className={`rounded px-2 py-1.5 text-center tabular-nums ${textOn(shade) === "white" ? "text-white" : "text-black"}`}
                    style={{ backgroundColor: `rgb(${shade.join(", ")})` }}
                    title={`${arm.id} · ${arm.label}, ${group}: ${percent(rate)} (${count}/${n}), 95% CI ${percentInterval(low, high)}`}
                    data-testid="position-cell"
                    data-arm={arm.id}
                    data-group={group}
                  >
                    <span className="block font-semibold">{percent(rate)}</span>
                    <span className="block text-[11px]">
                      {count}/{n}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
