import { z } from "zod";
import type { MemoryPassJob, MemoryPassReport } from "@/lib/contracts/memory-pass-report";

/**
 * What the chat says under a reply about its memory pass: still waiting,
 * what it filed (each fact and its page), nothing new, kept out, or failed.
 * Derived from the turn's trace, on the server for the replies a page
 * renders and in the browser for the one whose pass is landing.
 */
export const memoryNoteSchema = z.object({
  state: z.enum(["queued", "running", "filed", "nothing", "kept-out", "failed"]),
  /** Each fact filed, with its page's id once the server has looked it up (null for a page deleted since). */
  facts: z.array(
    z.object({
      id: z.string(),
      page: z.string(),
      pageId: z.string().nullable(),
      text: z.string(),
      status: z.enum(["CONFIRMED", "PENDING", "REJECTED", "SUPERSEDED"]),
    }),
  ),
});

export type MemoryNote = z.infer<typeof memoryNoteSchema>;

/** The note for a turn whose reply was saved; null when no pass runs for it (no reply, an interrupted one, a trace from before the queue). */
export function memoryNoteOf(trace: { memoryPassJob?: MemoryPassJob; memoryPass: MemoryPassReport | null; replyStatus?: "interrupted" }): MemoryNote | null {
  if (trace.replyStatus === "interrupted") return null;
  const report = trace.memoryPass;
  const job = trace.memoryPassJob;
  if (!report) return job && (job.status === "queued" || job.status === "running") ? { state: job.status, facts: [] } : null;
  const facts = report.facts.map((f) => ({ id: f.id, page: f.page, pageId: null, text: f.text, status: f.status }));
  if (report.status === "failed") return { state: "failed", facts: [] };
  if (report.status === "kept-out") return { state: "kept-out", facts: [] };
  return { state: facts.length > 0 ? "filed" : "nothing", facts };
}

/** "Suppliers, Pricing": the pages a note's facts went to, in filing order, each once. */
export function notePages(note: MemoryNote): string[] {
  return [...new Set(note.facts.map((f) => f.page))];
}

/** The note with its facts' pages linked, from page ids by title. */
export function linkNotePages(note: MemoryNote, pageIds: Record<string, string>): MemoryNote {
  return { ...note, facts: note.facts.map((f) => ({ ...f, pageId: pageIds[f.page] ?? null })) };
}
