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
      {open && (
        <button
          type="button"
          aria-label="Close the menu"
          className="fixed inset-0 z-30 bg-slate-900/30 lg:hidden"
          onClick={() => setOpenOn(null)}
        />
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
        <div className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 lg:hidden">
          <button
            type="button"
            aria-expanded={open}
            aria-controls="app-nav"
            onClick={() => setOpenOn(open ? null : pathname)}
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50"
          >
            Menu
          </button>
          <span className="text-sm font-semibold">Miles · episodic buffer</span>
        </div>
        <main className="min-h-0 flex-1 overflow-y-auto">{children}</main>
      </div>
    </div>
  );
}
