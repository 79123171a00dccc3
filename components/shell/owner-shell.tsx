import { Suspense, type ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Sidebar } from "@/components/shell/sidebar";

/**
 * The owner's screens: the sidebar beside the page. Each section's layout
 * wraps itself in it, so the sign-in and customer support pages have no owner
 * navigation; each page still checks the session itself.
 */
export function OwnerShell({ children }: { children: ReactNode }) {
  return (
    <AppShell
      nav={
        // The sidebar waits for the database; without its own boundary it would hold back the loading screen on a first run.
        <Suspense fallback={<div className="h-full w-72 shrink-0 border-r border-slate-200 bg-white lg:w-64" aria-hidden />}>
          <Sidebar />
        </Suspense>
      }
    >
      {children}
    </AppShell>
  );
}
