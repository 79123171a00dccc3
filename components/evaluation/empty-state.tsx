import { Badge } from "@/components/ui/badge";
import { DEFAULT_EVAL_THREADS } from "@/lib/eval/defaults";
import type { EvalReport } from "@/lib/eval/report-schema";

/** Shown above the sample run's figures, so nobody reads them as this install's own. */
export function SampleNotice({ file, report }: { file: string; report: EvalReport }) {
  return (
    <div className="rounded-lg bg-sky-50 p-5 text-sm text-sky-950 ring-1 ring-sky-200" data-testid="evaluation-sample">
      <p className="font-medium">
        <Badge tone="sky">Sample</Badge>{" "}
        A small run shipped with the app: {report.settings.threads} threads on the {report.model.kind} model
        {report.commit && (
          <>
            , from commit <code data-testid="sample-commit">{report.commit}</code>
          </>
        )}
        .
      </p>
      <p className="mt-2">
        Run <code className="rounded bg-white px-1.5 py-0.5 ring-1 ring-sky-200">npm run eval</code> for a full run ({DEFAULT_EVAL_THREADS} planted-fact threads under every arm,
        a few minutes on the offline model); this page shows <code>{file}</code> once it exists.
      </p>
      <p className="mt-2 text-xs text-slate-700">
        <code>npm run eval -- --threads 20</code> is a quick look; set <code>OPENAI_API_KEY</code> or <code>OPENAI_BASE_URL</code> to
        measure a real model.
      </p>
    </div>
  );
}

export function InvalidReport({ file, problem }: { file: string; problem: string }) {
  return (
    <div className="rounded-lg bg-red-50 p-5 text-sm text-red-800 ring-1 ring-red-200" data-testid="evaluation-invalid">
      <p className="font-medium">
        <code>{file}</code> is not a report this version can read.
      </p>
      <p className="mt-1 text-xs">{problem}</p>
      <p className="mt-2">
        Run <code>npm run eval</code> again to replace it.
      </p>
    </div>
  );
}
