import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { Sidebar } from "@/components/shell/sidebar";
import "@/app/globals.css";

export const metadata: Metadata = {
  title: "Episodic buffer · reference agent",
  description: "A business agent whose older conversation stretches become short lines pointing into its long-term memory.",
};

export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="h-dvh bg-slate-50 text-slate-900 antialiased">
        <AppShell nav={<Sidebar />}>{children}</AppShell>
      </body>
    </html>
  );
}
