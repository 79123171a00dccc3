"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { plural } from "@/components/ui/format";
import { threadHref } from "@/components/ui/routes";
import { ThreadActions, threadTitleId } from "@/components/shell/thread-actions";
import { useHydrated } from "@/components/ui/hydrated";

export type Section = "chat" | "memory" | "pages" | "questions" | "evaluation" | "design" | "settings" | "import";

/** The section an address belongs to; none for an address the app has no screen at. */
function sectionOf(pathname: string): Section | null {
  const under = (prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`);
  if (under("/pages")) return "pages";
  if (under("/memory")) return "memory";
  if (under("/questions")) return "questions";
  if (under("/evaluation")) return "evaluation";
  if (under("/design")) return "design";
  if (under("/settings")) return "settings";
  if (under("/threads/import")) return "import";
  if (pathname === "/" || under("/threads")) return "chat";
  return null;
}

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm ${active ? "bg-indigo-50 font-medium text-indigo-700" : "text-slate-700 hover:bg-slate-100"}`;

export function SectionLink({ href, section, children }: { href: string; section: Section; children: ReactNode }) {
  const active = sectionOf(usePathname()) === section;
  return (
    <Link href={href} className={`flex items-center gap-2 ${linkClass(active)}`} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** A thread in the sidebar; it stays highlighted on the thread's own sub-pages (its episode timeline). */
export function ThreadLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname();
  const active = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link href={href} className={`block ${linkClass(active)}`} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}

/** What the sidebar shows of a thread; `updatedAt` arrives as a string when the browser fetched it. */
export type ListedThread = { id: string; title: string; kind: "OWNER" | "SUPPORT"; lastSeq: number; updatedAt: Date | string };

/** A thread's entry in the sidebar list, under its day's heading when it starts a day: the server renders the first ones, the browser appends more. */
export function ThreadListItem({ thread, heading }: { thread: ListedThread; heading: string | null }) {
  // Rename and Delete need the page's script: the server's HTML of every screen's sidebar leaves them out.
  const hydrated = useHydrated();
  return (
    <li>
      {heading && (
        <h3 className="px-3 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-slate-600 uppercase" data-testid="thread-day">
          {heading}
        </h3>
      )}
      <div className="flex flex-wrap items-start gap-1" data-testid="thread-entry">
        <div className="min-w-0 flex-1">
          <ThreadLink href={threadHref(thread.id)}>
            <span id={threadTitleId(thread.id)} className="block truncate font-medium" title={thread.title}>
              {thread.title}
            </span>
            <span className="mt-0.5 flex items-center gap-2 text-xs font-normal text-slate-600">
              <Badge tone={thread.kind === "SUPPORT" ? "violet" : "sky"}>{thread.kind === "SUPPORT" ? "Support" : "Owner"}</Badge>
              {plural(thread.lastSeq, "message")}
            </span>
          </ThreadLink>
        </div>
        {hydrated && <ThreadActions thread={thread} />}
      </div>
    </li>
  );
}
