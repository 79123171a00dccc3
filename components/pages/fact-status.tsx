import type { FactSource, FactStatus } from "@/lib/db/generated/client";
import { Badge, type Tone } from "@/components/ui/badge";

const STATUS: Record<FactStatus, { label: string; tone: Tone }> = {
  CONFIRMED: { label: "Confirmed", tone: "emerald" },
  PENDING: { label: "Pending", tone: "amber" },
  REJECTED: { label: "Rejected", tone: "red" },
  SUPERSEDED: { label: "Superseded", tone: "slate" },
};

export function FactStatusBadge({ status }: { status: FactStatus }) {
  return <Badge tone={STATUS[status].tone} testId="fact-status">{STATUS[status].label}</Badge>;
}

/** Who a fact came from decides whether it needed the owner's review. */
export function sourceLabel(source: FactSource): string {
  return source === "OWNER" ? "said by the owner" : "suggested by the agent";
}
