import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { Committed } from "@/lib/memory/commit";
import type { MemoryPassCall } from "@/lib/memory/pass-call";
import type { Vetted } from "@/lib/memory/vet";

// The pass's last step, pure: what it did, as the trace stores it and the
// debug panel shows it.

type Range = { fromSeq: number; toSeq: number };

/** A pass that filed nothing: why, over which messages, and the error when it failed. */
export function unfiledReport(status: Exclude<MemoryPassReport["status"], "filed">, range: Range, ms: number, error?: string): MemoryPassReport {
  return { ...range, facts: [], dropped: [], episode: null, fold: null, status, ...(error === undefined ? {} : { error }), ms };
}

/** A pass that wrote its filing: each fact as filed (with what it superseded or why a replacement was refused), the line and the fold. */
export function filedReport(range: Range, vetted: Vetted, committed: Committed, call: Pick<MemoryPassCall, "usage" | "fit">, ms: number): MemoryPassReport {
  const { fold } = committed;
  return {
    ...range,
    status: "filed",
    facts: committed.filed.map((f, i) => ({
      id: f.fact.id,
      page: f.pageTitle,
      key: f.fact.key,
      text: f.fact.text,
      status: f.fact.status,
      source: f.fact.source,
      messageSeq: vetted.facts[i].messageSeq,
      superseded: f.superseded,
      replacementRefused: f.refused,
    })),
    dropped: vetted.dropped,
    episode: committed.episode,
    fold: fold ? { id: fold.id, fromSeq: fold.fromSeq, toSeq: fold.toSeq, gist: fold.gist, episodes: fold.episodes, pages: fold.pages } : null,
    tokens: call.usage,
    ...(call.fit ? { fit: call.fit } : {}),
    ms,
  };
}
