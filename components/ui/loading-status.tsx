/** What a route shows while its data loads. */
export function LoadingStatus() {
  return (
    <div role="status" className="flex h-full items-center justify-center gap-3 text-sm text-slate-500">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      Loading…
    </div>
  );
}
