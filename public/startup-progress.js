// The first-run loading screen's progress (components/shell/startup-progress.tsx).
// That screen is the fallback of a page still on its way, which React never
// hydrates, so this plain script drives it: it waits for the screen's
// elements to stream in, polls GET /api/startup and says which step the
// server is on, and stops once the page has replaced the screen.
(() => {
  const POLL_EVERY_MS = 500;
  const show = (s, els) => {
    if (!s || typeof s.phase !== "string" || typeof s.detail !== "string") return;
    els.detail.dataset.phase = s.phase;
    if (s.phase === "ready") return;
    els.detail.textContent = s.detail;
    els.note.hidden = false;
    const share = typeof s.done === "number" && typeof s.total === "number" && s.total > 0 ? Math.min(1, s.done / s.total) : null;
    els.bar.hidden = share === null;
    if (share !== null) els.fill.style.width = share * 100 + "%";
  };
  const poll = (els) => {
    if (!document.contains(els.detail)) return;
    fetch("/api/startup", { cache: "no-store" })
      .then((r) => (r.ok ? r.json() : null))
      .then((s) => show(s, els), () => {})
      .finally(() => setTimeout(() => poll(els), POLL_EVERY_MS));
  };
  const find = () => {
    const els = {
      detail: document.getElementById("startup-detail"),
      bar: document.getElementById("startup-bar"),
      fill: document.getElementById("startup-bar-fill"),
      note: document.getElementById("startup-note"),
    };
    if (els.detail && els.bar && els.fill && els.note) return poll(els);
    // The script may run before the screen has streamed in; once the document is complete there is no screen to drive.
    if (document.readyState !== "complete") setTimeout(find, 100);
  };
  find();
})();
