// What the server is doing while a page loads. On a first run that is
// migrating the database and seeding the demo workspace, which takes a while.
//
// This is the fallback of a page still on its way, and React never hydrates
// a pending boundary's fallback, so a client component here would stay
// "Loading…" until the page arrives. A small inline script, run by the
// browser as the HTML streams in, polls GET /api/startup instead, and stops
// once React has swapped the page in and the element is gone.

const POLL_EVERY_MS = 500;

const POLL_SCRIPT = `(() => {
  const detail = document.getElementById("startup-detail");
  const bar = document.getElementById("startup-bar");
  const fill = document.getElementById("startup-bar-fill");
  const note = document.getElementById("startup-note");
  if (!detail || !bar || !fill || !note) return;
  const show = (s) => {
    if (!s || typeof s.phase !== "string" || typeof s.detail !== "string") return;
    detail.dataset.phase = s.phase;
    if (s.phase === "ready") return;
    detail.textContent = s.detail;
    note.hidden = false;
    const share = typeof s.done === "number" && typeof s.total === "number" && s.total > 0 ? Math.min(1, s.done / s.total) : null;
    bar.hidden = share === null;
    if (share !== null) fill.style.width = share * 100 + "%";
  };
  const poll = () => {
    if (!document.contains(detail)) return;
    fetch("/api/startup", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then(show, () => {})
      .finally(() => setTimeout(poll, ${POLL_EVERY_MS}));
  };
  poll();
})();`;

export function StartupProgress() {
  return (
    <div role="status" className="flex h-full flex-col items-center justify-center gap-3 px-6 text-center text-sm text-slate-500" data-testid="startup-progress">
      <p className="flex items-center gap-3">
        <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
        <span id="startup-detail" data-testid="startup-detail">
          Loading…
        </span>
      </p>
      <span id="startup-bar" hidden className="block h-1.5 w-64 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <span id="startup-bar-fill" className="block h-full w-0 bg-indigo-500 transition-all" />
      </span>
      <p id="startup-note" hidden className="max-w-md text-xs text-slate-500">
        First run: the embedded database is created and the demo workspace is filed into memory once. Later starts skip this.
      </p>
      <script dangerouslySetInnerHTML={{ __html: POLL_SCRIPT }} />
    </div>
  );
}
