import type { Metadata } from "next";
import type { ReactNode } from "react";
import "@/app/globals.css";

export const metadata: Metadata = {
  title: "Episodic buffer · reference agent",
  description: "A business agent whose older conversation stretches become short lines pointing into its long-term memory.",
  icons: { icon: [{ url: "/icon.svg", type: "image/svg+xml" }, { url: "/favicon.ico", sizes: "32x32" }] },
};

export const dynamic = "force-dynamic";

/** Only the document: owner screens add the sidebar in their sections' layouts; sign-in and the customer support page have none. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="h-dvh bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
