import { AccuracyChart } from "@/components/evaluation/accuracy-chart";
import { Card } from "@/components/evaluation/card";
import { ComparisonsTable } from "@/components/evaluation/comparisons-table";
import { CostsTable } from "@/components/evaluation/costs-table";
import { InvalidReport, SampleNotice } from "@/components/evaluation/empty-state";
import { accuracyHeadline, buffersTie, comparisonsHeadline, costsHeadline, positionHeadline, readsHeadline } from "@/components/evaluation/headlines";
import { PositionGrid } from "@/components/evaluation/position-grid";
import { ReadsTable } from "@/components/evaluation/reads-table";
import { RunSummary } from "@/components/evaluation/run-summary";
import Link from "next/link";
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
      <PageHeader
        eyebrow={
          <Link href="/design#08-evaluating-it" className="underline underline-offset-2" data-testid="design-link">
            The design, §08: evaluating it
          </Link>
        }
        title="Evaluation"
      >
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
                <p className="mt-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950" data-testid="offline-meaning">
                  {buffersTie(latest.report) ? "The arms tie on this run, and that is expected offline. " : ""}
                  The offline model links a question to an answer by shared words, synonyms and the kind of answer asked for; it cannot
                  link meaning. So a buffer line that points at the right page helps only when the question shares its words, and half the
                  planted questions avoid every word naming their topic. Offline, this page measures the plumbing (was the fact filed, does a
                  line point at its page, what each arm costs), not understanding; a real model (<code>OPENAI_API_KEY</code> or{" "}
                  <code>OPENAI_BASE_URL</code>) shows whether the buffer turns pointers into answers. See the README, &ldquo;What the offline
                  figures measure&rdquo;, and{" "}
                  <Link href="/design#10-limits-and-extensions" className="underline underline-offset-2">
                    the design&apos;s limits
                  </Link>
                  .
                </p>
              )}
            </Card>
            <Card title="Accuracy by arm and regime" headline={accuracyHeadline(latest.report)} note="The answer states the planted fact (normalised match); whiskers are Wilson 95% intervals.">
              <AccuracyChart report={latest.report} />
            </Card>
            {latest.report.groups && latest.report.groups.length > 0 && (
              <Card title="Accuracy by where the fact sits" headline={positionHeadline(latest.report)} note="Each cell: the share of that group's questions the arm answered right (darker is more), and how many.">
                <PositionGrid report={latest.report} />
              </Card>
            )}
            <Card
              title="Paired differences"
              headline={comparisonsHeadline(latest.report)}
              note="Arm minus baseline on the same cases: paired bootstrap 95% interval and exact McNemar test. Green or red when the interval excludes zero."
            >
              <ComparisonsTable report={latest.report} />
            </Card>
            <Card title="Following the pointer" headline={readsHeadline(latest.report)} note="Opened: the turn called read_page on the page the fact was filed on. Pointed: a buffer line named that page.">
              <ReadsTable report={latest.report} />
            </Card>
            <Card title="Cost of the question turn" headline={costsHeadline(latest.report)} note="Mean per turn, with median and 95th percentile; the compressor's summary calls count as model calls.">
              <CostsTable report={latest.report} />
            </Card>
          </>
        )}
      </div>
    </div>
  );
}
