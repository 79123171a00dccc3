import { Badge } from "@/components/ui/badge";
import { dayAndTime } from "@/components/ui/format";
import { duration } from "@/lib/eval/format";
import { otherRoleModels } from "@/lib/eval/report";
import type { EvalReport } from "@/lib/eval/report-schema";

/** What the report measured and with what: model, cases, settings. */
export function RunSummary({ report, file }: { report: EvalReport; file: string }) {
  const { settings } = report;
  const what =
    report.source === "planted"
      ? `${settings.threads} planted threads × ${report.regimes.length} regimes`
      : `LoCoMo ${settings.locomoFile}: ${settings.threads} conversations, ${report.cases.length} questions`;
  const facts: Array<[string, string]> = [
    ["Cases", what],
    ["Window", `${settings.window} messages`],
    ["Memory pass", `every ${settings.stretch} messages`],
    ["Seed", String(settings.seed)],
    ...otherRoleModels(report).map(({ role, label }): [string, string] => [`Model for the ${role}`, label]),
    ["Database", report.database === "pglite" ? "PGlite (in memory)" : "PostgreSQL"],
    ["Run", `${dayAndTime(report.createdAt)}, ${duration(report.wallMs)}`],
  ];
  return (
    <div data-testid="run-summary">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{report.model.label}</span>
        <Badge tone={report.model.kind === "offline" ? "amber" : "emerald"}>{report.model.kind}</Badge>
        {settings.judge && <Badge tone="violet">model judge on</Badge>}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-slate-500">
        From <code>{file}</code>; the full report (every answer) is in report.json and report.md beside it.
      </p>
    </div>
  );
}
