/** Downloads the thread as a thread file; the server names it after the thread's title. */
export function ExportThreadButton({ threadId }: { threadId: string }) {
  return (
    <a
      href={`/api/threads/${encodeURIComponent(threadId)}/export`}
      download
      title="Download this thread with its messages as a .thread.json file"
      className="inline-flex shrink-0 items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
      data-testid="export-thread"
    >
      Export
    </a>
  );
}
