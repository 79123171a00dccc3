import { vetLine } from "episodic-buffer";
import type { Message } from "@/lib/db/generated/client";
import { checkProposedFact, type MemoryPassOutput } from "@/lib/contracts/memory-pass";
import type { MemoryPassReport } from "@/lib/contracts/memory-pass-report";
import type { EpisodeToSave, FoldToSave, OpenEpisode } from "@/lib/episodes/store";
import { holdReasonFor } from "@/lib/guard/fact-vetting";
import { neutralise } from "@/lib/guard/scan";
import { injectionScreen } from "@/lib/guard/screen";
import { foldPages } from "@/lib/memory/fold";
import type { FoldCandidate, PassThread } from "@/lib/memory/gather";
import type { FactToFile } from "@/lib/pages/facts";

// The pass's third step, pure: what the model proposed, read as untrusted
// text. A fact is kept only when it cites a trusted message of this stretch
// and its page's title scans clean; the line and the fold must scan clean
// too. It also decides, by the stretch's rules, which episode the line is
// (the open one extended, or a new one) and whether it closes. What it keeps
// is exactly what the commit step writes; what it drops is reported.

const MAX_GIST_CHARS = 300;
const MAX_PAGE_TITLE_CHARS = 80;

export type Dropped = MemoryPassReport["dropped"][number];

/** The episode line to save: its pointers are the facts kept from the stretch it extends plus those this pass files. */
export type EpisodePlan = Omit<EpisodeToSave, "factIds"> & {
  keptFactIds: string[];
  /** The open episode this one grows from, whose row it replaces; null for a new stretch. */
  replaces: string | null;
};

export type Vetted = {
  facts: FactToFile[];
  dropped: Dropped[];
  /** The open episode a new subject closes as it stood; null when there is none or the line extends it. */
  closes: string | null;
  fold: FoldToSave | null;
  episode: EpisodePlan | null;
};

export type VetInput = {
  output: MemoryPassOutput;
  /** What the call itself dropped (facts past the cap), reported first. */
  dropped: Dropped[];
  thread: PassThread;
  /** The stretch's messages (its bounds) and those of them that may be filed, both oldest first and non-empty. */
  messages: Message[];
  trusted: Message[];
  open: OpenEpisode | null;
  due: FoldCandidate[] | null;
  /** A stretch closes once it holds this many messages. */
  closeAt: number;
};

/** Model output is untrusted text: flatten it and refuse anything that reads like an injection. */
function cleanModelText(text: string, what: Dropped["what"], dropped: Dropped[]): string | null {
  const vetted = vetLine(text, injectionScreen, what === "page" ? "page-title" : "gist");
  if ("kept" in vetted) return vetted.kept;
  dropped.push({ what, text: vetted.dropped, reason: vetted.reason });
  return null;
}

/**
 * Keeps only the facts whose cited message is a trusted message of this
 * stretch, on a page whose title scans clean. Text pasted into a chat (an
 * email, a web page, a supplier's note) can carry instructions meant for the
 * assistant: a fact whose own words read that way, or that comes from such a
 * sentence of its message, is never promoted on the owner's word alone but
 * held for review, with the reason shown on the Pages screen.
 */
function vetFacts(output: MemoryPassOutput, thread: PassThread, trusted: Message[], dropped: Dropped[]): FactToFile[] {
  const bySeq = new Map(trusted.map((m) => [m.seq, m]));
  const facts: FactToFile[] = [];
  for (const proposed of output.facts) {
    const checked = checkProposedFact(proposed);
    if ("reason" in checked) {
      dropped.push({ what: "fact", text: proposed.text, reason: checked.reason });
      continue;
    }
    const proposal = checked.fact;
    const message = bySeq.get(proposal.messageSeq);
    if (!message) {
      dropped.push({ what: "fact", text: proposal.text, reason: `cites #${proposal.messageSeq}, not a trusted message of this stretch` });
      continue;
    }
    const page = cleanModelText(proposal.page, "page", dropped);
    if (!page) continue;
    facts.push({
      workspaceId: thread.workspaceId,
      pageTitle: page.slice(0, MAX_PAGE_TITLE_CHARS),
      key: neutralise(proposal.key),
      text: neutralise(proposal.text),
      source: message.speaker === "OWNER" ? "OWNER" : "AGENT",
      threadId: thread.id,
      messageId: message.id,
      messageSeq: message.seq,
      replaces: proposal.replaces,
      // Vetted as the model wrote them: hidden characters and line breaks are evidence the flattened text no longer shows.
      heldReason: holdReasonFor({ key: proposal.key, text: proposal.text, source: message.text, vouched: false }),
    });
  }
  return facts;
}

/** The fold of the due stretches under the model's line for them; null when none is due or the line was dropped. */
function foldOf(due: FoldCandidate[] | null, gist: string | null, threadId: string): FoldToSave | null {
  if (!due || !gist) return null;
  const [first, last] = [due[0], due[due.length - 1]];
  return {
    threadId,
    fromSeq: first.fromSeq,
    toSeq: last.toSeq,
    fromAt: first.fromAt,
    toAt: last.toAt,
    gist: gist.slice(0, MAX_GIST_CHARS),
    pages: foldPages(due),
    episodes: due.length,
  };
}

export function vet({ output, dropped: callDropped, thread, messages, trusted, open, due, closeAt }: VetInput): Vetted {
  const dropped: Dropped[] = [...callDropped];
  const facts = vetFacts(output, thread, trusted, dropped);
  const gist = output.episode.trim() ? cleanModelText(output.episode, "episode", dropped) : null;
  const foldGist = due && output.fold?.trim() ? cleanModelText(output.fold, "fold", dropped) : null;
  // A new subject closes the open stretch as it stood; these messages start the next one.
  const extending = open && output.stretch !== "new-subject" ? open : null;
  const first = messages[0];
  const last = messages[messages.length - 1];
  const fromSeq = extending?.fromSeq ?? first.seq;
  const line = gist ?? extending?.gist ?? null;
  return {
    facts,
    dropped,
    closes: open && !extending ? open.id : null,
    fold: foldOf(due, foldGist, thread.id),
    episode: line
      ? {
          threadId: thread.id,
          fromSeq,
          toSeq: last.seq,
          fromAt: extending?.fromAt ?? first.createdAt,
          toAt: last.createdAt,
          gist: line.slice(0, MAX_GIST_CHARS),
          closed: output.stretch === "ends" || last.seq - fromSeq + 1 >= closeAt,
          keptFactIds: extending?.pointers.map((p) => p.factId) ?? [],
          replaces: extending?.id ?? null,
          ...(extending ? { ownerGist: extending.ownerGist, ownerEditedAt: extending.ownerEditedAt } : {}),
        }
      : null,
  };
}
