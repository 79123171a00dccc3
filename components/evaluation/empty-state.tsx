export function EmptyState({ file }: { file: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600" data-testid="evaluation-empty">
      <p className="font-medium text-slate-900">No evaluation report yet.</p>
      <p className="mt-2">
        Run <code className="rounded bg-slate-100 px-1.5 py-0.5">npm run eval</code> to ask 200 planted-fact threads under every arm
        (a few minutes on the offline model); the page shows <code>{file}</code> once it exists.
      </p>
      <p className="mt-2 text-xs text-slate-500">
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
