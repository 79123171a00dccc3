import type { EvalReport } from "@/lib/eval/report-schema";
import { ARMS } from "@/lib/eval/arms";
import { percent, percentInterval } from "@/lib/eval/format";
import { CHART_BOX, accuracyLayout } from "@/components/evaluation/accuracy-layout";

/** Regimes keep one colour each across the page: the buried fact in indigo, the control in grey. */
export const REGIME_COLOURS: Record<EvalReport["regimes"][number], { fill: string; swatch: string; label: string }> = {
  outside: { fill: "fill-indigo-500", swatch: "bg-indigo-500", label: "fact outside the window" },
  inside: { fill: "fill-slate-300", swatch: "bg-slate-300", label: "control: fact inside the window" },
};

/** Accuracy by arm and regime as bars, with the Wilson 95% interval as whiskers. */
export function AccuracyChart({ report }: { report: EvalReport }) {
  const arms = report.arms.map((a) => a.id);
  const { bars, groups, ticks, baseline } = accuracyLayout(report.accuracy, arms, report.regimes);
  const { width, height, left, right } = CHART_BOX;
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="accuracy-chart-title"
        data-testid="accuracy-chart"
      >
        <title id="accuracy-chart-title">Accuracy by arm and regime, with 95% intervals</title>
        {ticks.map((tick) => (
          <g key={tick.value}>
            <line x1={left} x2={width - right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
            <text x={left - 8} y={tick.y + 4} textAnchor="end" className="fill-slate-500 text-[11px]">
              {Math.round(tick.value * 100)}%
            </text>
          </g>
        ))}
        {bars.map((bar) => (
          <g key={`${bar.arm}-${bar.regime}`} data-testid="accuracy-bar" data-arm={bar.arm} data-regime={bar.regime}>
            <title>
              {`${bar.arm} · ${ARMS[bar.arm].label}, ${REGIME_COLOURS[bar.regime].label}: ${percent(bar.row.correct.rate)} ` +
                `(${bar.row.correct.count}/${bar.row.correct.n}), 95% CI ${percentInterval(bar.row.correct.low, bar.row.correct.high)}`}
            </title>
            <rect x={bar.x + 1} y={bar.y} width={bar.width - 2} height={Math.max(bar.height, 0.5)} rx={2} className={REGIME_COLOURS[bar.regime].fill} />
            <line x1={bar.x + bar.width / 2} x2={bar.x + bar.width / 2} y1={bar.whiskerLow} y2={bar.whiskerHigh} className="stroke-slate-700" strokeWidth={1.25} />
            {[bar.whiskerLow, bar.whiskerHigh].map((y) => (
              <line key={y} x1={bar.x + bar.width / 2 - 4} x2={bar.x + bar.width / 2 + 4} y1={y} y2={y} className="stroke-slate-700" strokeWidth={1.25} />
            ))}
            <text x={bar.x + bar.width / 2} y={bar.whiskerHigh - 5} textAnchor="middle" className="fill-slate-700 text-[10px] tabular-nums">
              {Math.round(bar.row.correct.rate * 100)}
            </text>
          </g>
        ))}
        <line x1={left} x2={width - right} y1={baseline} y2={baseline} className="stroke-slate-400" strokeWidth={1} />
        {groups.map((group) => (
          <g key={group.arm}>
            <text x={group.centre} y={baseline + 18} textAnchor="middle" className="fill-slate-900 text-[12px] font-semibold">
              {group.arm}
            </text>
            <text x={group.centre} y={baseline + 34} textAnchor="middle" className="fill-slate-500 text-[11px]">
              {ARMS[group.arm].label}
            </text>
          </g>
        ))}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600">
        {report.regimes.map((regime) => (
          <span key={regime} className="inline-flex items-center gap-1.5">
            <span className={`inline-block h-2.5 w-2.5 rounded-sm ${REGIME_COLOURS[regime].swatch}`} aria-hidden />
            {regime}: {REGIME_COLOURS[regime].label}
          </span>
        ))}
        <span>Bars: share of answers stating the fact; whiskers: Wilson 95% interval.</span>
      </figcaption>
    </figure>
  );
}
