import type { Metadata } from "next";
import { Suspense, type ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Sidebar } from "@/components/shell/sidebar";
import "@/app/globals.css";

export const metadata: Metadata = {
  title: "Episodic buffer · reference agent",
  description: "A business agent whose older conversation stretches become short lines pointing into its long-term memory.",
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }, { url: "/favicon.ico", sizes: "32x32" }] },
};

export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="h-dvh bg-slate-50 text-slate-900 antialiased">
        {/* The sidebar waits for the database; without its own boundary it would hold back the loading screen on a first run. */}
        <AppShell
          nav={
            <Suspense fallback={<div className="h-full w-72 shrink-0 border-r border-slate-200 bg-white lg:w-64" aria-hidden />}>
              <Sidebar />
            </Suspense>
          }
        >
          {children}
        </AppShell>
      </body>
    </html>
  );
}
