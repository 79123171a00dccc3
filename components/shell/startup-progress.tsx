// What the server is doing while a page loads. On a first run that is
// migrating the database and seeding the demo workspace, which takes a while.
//
// This is the fallback of a page still on its way, and React never hydrates
// a pending boundary's fallback, so a client component here would stay
// "Loading…" until the page arrives. A static script (public/startup-progress.js),
// loaded async so React hoists it as a resource rather than rendering an
// inline script, polls GET /api/startup instead and fills in these elements.
// It carries the response's script nonce, without which the CSP would refuse it.

import { headers } from "next/headers";
import { NONCE_HEADER } from "@/lib/http/content-security";

export async function StartupProgress() {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
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
      <script async src="/startup-progress.js" nonce={nonce} />
    </div>
  );
}
