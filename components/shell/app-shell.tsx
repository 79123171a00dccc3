"use client";

import { usePathname } from "next/navigation";
import { useState, type ReactNode } from "react";

/**
 * The sidebar is a column on wide screens and a drawer behind a Menu button
 * on narrow ones. The drawer remembers the page it was opened on, so
 * following a link in it closes it without an effect.
 */
export function AppShell({ nav, children }: { nav: ReactNode; children: ReactNode }) {
  const pathname = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  return (
    <div className="flex h-full">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        data-testid="skip-link"
      >
        Skip to the main content
      </a>
      {open && (
        // A click beside the drawer closes it; the keyboard has Escape and the Menu button, so the backdrop is no control of its own.
        <div aria-hidden className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden" onClick={() => setOpenOn(null)} />
      )}
      <div
        id="app-nav"
        className={`${open ? "fixed inset-y-0 left-0 z-40 flex shadow-xl" : "hidden"} lg:static lg:flex lg:shadow-none`}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpenOn(null);
        }}
      >
        {nav}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="app-nav"
            onClick={() => setOpenOn(open ? null : pathname)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
            data-testid="menu-button"
          >
            Menu
          </button>
          <span className="text-sm font-semibold">Miles · episodic buffer</span>
        </header>
        {/* Focusable, so a keyboard can scroll a long screen and the skip link lands here. */}
        <main id="main" tabIndex={0} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
