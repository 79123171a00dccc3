import type { FactStatus, PageVisibility, ThreadKind } from "@/lib/db/generated/client";

// Who a turn speaks to decides what memory it may show. The owner sees their
// whole memory (pending proposals marked as such); a customer in a support
// thread sees only what the owner published: confirmed facts on public pages.

export type Audience = "owner" | "customer";

export function audienceOf(kind: ThreadKind): Audience {
  return kind === "OWNER" ? "owner" : "customer";
}

export function visibleStatuses(audience: Audience): FactStatus[] {
  return audience === "owner" ? ["CONFIRMED", "PENDING"] : ["CONFIRMED"];
}

export function visibleVisibilities(audience: Audience): PageVisibility[] {
  return audience === "owner" ? ["PRIVATE", "PUBLIC"] : ["PUBLIC"];
}
