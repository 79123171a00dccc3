import { AccuracyChart } from "@/components/evaluation/accuracy-chart";
import { Card } from "@/components/evaluation/card";
import { ComparisonsTable } from "@/components/evaluation/comparisons-table";
import { CostsTable } from "@/components/evaluation/costs-table";
import { InvalidReport, SampleNotice } from "@/components/evaluation/empty-state";
import { PositionGrid } from "@/components/evaluation/position-grid";
import { ReadsTable } from "@/components/evaluation/reads-table";
import { RunSummary } from "@/components/evaluation/run-summary";
import { PageHeader } from "@/components/ui/page-header";
import { readShownReport, resultsDir, SAMPLE_REPORT_FILE } from "@/lib/eval/latest";
import { requireUserPage } from "@/lib/workspaces/current";

export const metadata = { title: "Evaluation · Episodic buffer" };
// The report changes whenever `npm run eval` runs; never serve a cached one.
export const dynamic = "force-dynamic";

export default async function EvaluationPage() {
  await requireUserPage();
  const latest = await readShownReport(resultsDir());
  return (
    <div>
      <PageHeader eyebrow="Design §08" title="Evaluation">
        Does a fact said long ago reach the model? Each thread is asked the same question under every arm, on the same
        database state; the arms differ only in what context the model gets.
      </PageHeader>
      <div className="grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-4 px-4 py-6 sm:px-8">
        {latest.status === "invalid" && <InvalidReport file={latest.file} problem={latest.problem} />}
        {latest.status === "sample" && <SampleNotice file={latest.file} report={latest.report} />}
        {(latest.status === "ok" || latest.status === "sample") && (
          <>
            <Card title={latest.status === "sample" ? "Sample run" : "Latest run"}>
              <RunSummary report={latest.report} file={latest.status === "sample" ? SAMPLE_REPORT_FILE : latest.file} />
              {latest.report.model.kind === "offline" && (
                <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900">
                  The offline model links a question to an answer by shared words, synonyms and the kind of answer asked for. Half the planted questions avoid every
                  word naming their topic, so the control regime shows its ceiling: compare arms with each other, not with
                  100%.
                </p>
              )}
            </Card>
            <Card title="Accuracy by arm and regime" note="The answer states the planted fact (normalised match).">
              <AccuracyChart report={latest.report} />
            </Card>
            {latest.report.groups && latest.report.groups.length > 0 && (
              <Card title="Accuracy by where the fact sits" note="Each cell: the share of that group's questions the arm answered right (darker is more), and how many.">
                <PositionGrid report={latest.report} />
              </Card>
            )}
            <Card
              title="Paired differences"
              note="Arm minus baseline on the same cases: paired bootstrap 95% interval and exact McNemar test. Green or red when the interval excludes zero."
            >
              <ComparisonsTable report={latest.report} />
            </Card>
            <Card title="Following the pointer" note="Opened: the turn called read_page on the page the fact was filed on. Pointed: a buffer line named that page.">
              <ReadsTable report={latest.report} />
            </Card>
            <Card title="Cost of the question turn" note="Mean per turn, with median and 95th percentile; the compressor's summary calls count as model calls.">
              <CostsTable report={latest.report} />
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
