import type { EvalReport } from "@/lib/eval/report-schema";
import { ARMS } from "@/lib/eval/arms";
import { percent, percentInterval } from "@/lib/eval/format";
import { CHART_BOX, accuracyLayout } from "@/components/evaluation/accuracy-layout";

/** Regimes keep one colour each across the page: the buried fact in indigo, the control in grey. */
export const REGIME_COLOURS: Record<EvalReport["regimes"][number], { fill: string; swatch: string; label: string }> = {
  outside: { fill: "fill-indigo-500", swatch: "bg-indigo-500", label: "fact outside the window" },
  inside: { fill: "fill-slate-300", swatch: "bg-slate-300", label: "control: fact inside the window" },
};

const MIN_LABEL_PX = "text-[11px]";

/**
 * Accuracy by arm and regime as bars, with the Wilson 95% interval as
 * whiskers. The shapes are SVG and scale with the width; the labels are HTML
 * laid over them, so they keep a readable size on a phone instead of
 * shrinking with the drawing.
 */
export function AccuracyChart({ report }: { report: EvalReport }) {
  const arms = report.arms.map((a) => a.id);
  const { bars, groups, ticks, baseline } = accuracyLayout(report.accuracy, arms, report.regimes);
  const { width, left, right } = CHART_BOX;
  // The drawing stops just below the baseline; the arm names sit under it in the page's flow.
  const height = baseline + 4;
  const x = (value: number) => `${(value / width) * 100}%`;
  const y = (value: number) => `${(value / height) * 100}%`;
  return (
    <figure>
      <div className="relative pl-7 sm:pl-0">
        <div className="relative">
          <svg viewBox={`0 0 ${width} ${height}`} className="block h-auto w-full" role="img" aria-labelledby="accuracy-chart-title" data-testid="accuracy-chart">
            <title id="accuracy-chart-title">Accuracy by arm and regime, with 95% intervals</title>
            {ticks.map((tick) => (
              <line key={tick.value} x1={left} x2={width - right} y1={tick.y} y2={tick.y} className="stroke-slate-200" strokeWidth={1} />
            ))}
            {bars.map((bar) => (
              <g key={`${bar.arm}-${bar.regime}`} data-testid="accuracy-bar" data-arm={bar.arm} data-regime={bar.regime}>
                <title>
                  {`${bar.arm} · ${ARMS[bar.arm].label}, ${REGIME_COLOURS[bar.regime].label}: ${percent(bar.row.correct.rate)} ` +
                    `(${bar.row.correct.count}/${bar.row.correct.n}), 95% CI ${percentInterval(bar.row.correct.low, bar.row.correct.high)}`}
                </title>
                <rect x={bar.x + 1} y={bar.y} width={bar.width - 2} height={Math.max(bar.height, 0.5)} rx={2} className={REGIME_COLOURS[bar.regime].fill} />
                <line x1={bar.x + bar.width / 2} x2={bar.x + bar.width / 2} y1={bar.whiskerLow} y2={bar.whiskerHigh} className="stroke-slate-700" strokeWidth={1.25} />
                {[bar.whiskerLow, bar.whiskerHigh].map((wy) => (
                  <line key={wy} x1={bar.x + bar.width / 2 - 4} x2={bar.x + bar.width / 2 + 4} y1={wy} y2={wy} className="stroke-slate-700" strokeWidth={1.25} />
                ))}
              </g>
            ))}
            <line x1={left} x2={width - right} y1={baseline} y2={baseline} className="stroke-slate-400" strokeWidth={1} />
          </svg>
          {ticks.map((tick) => (
            <span
              key={tick.value}
              aria-hidden
              className={`absolute -translate-x-full -translate-y-1/2 pr-1.5 ${MIN_LABEL_PX} leading-none text-slate-500 tabular-nums`}
              style={{ left: x(left), top: y(tick.y) }}
              data-testid="chart-label"
            >
              {Math.round(tick.value * 100)}%
            </span>
          ))}
          {bars.map((bar) => (
            <span
              key={`${bar.arm}-${bar.regime}`}
              aria-hidden
              className={`absolute -translate-x-1/2 -translate-y-full pb-0.5 ${MIN_LABEL_PX} leading-none text-slate-700 tabular-nums`}
              style={{ left: x(bar.x + bar.width / 2), top: y(bar.whiskerHigh) }}
              data-testid="chart-label"
            >
              {Math.round(bar.row.correct.rate * 100)}
            </span>
          ))}
        </div>
        <div
          className="grid pt-1.5"
          style={{ gridTemplateColumns: `repeat(${Math.max(1, groups.length)}, minmax(0, 1fr))`, paddingLeft: x(left), paddingRight: x(right) }}
        >
          {groups.map((group) => (
            <div key={group.arm} className="px-0.5 text-center leading-tight" data-testid="chart-label">
              <span className="block text-xs font-semibold text-slate-900">{group.arm}</span>
              <span className={`block ${MIN_LABEL_PX} text-slate-500`}>{ARMS[group.arm].label}</span>
            </div>
          ))}
        </div>
      </div>
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
