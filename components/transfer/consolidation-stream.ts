import { z } from "zod";
import type { ConsolidationLine } from "@/lib/http/transfer";

// The browser's side of POST /api/threads/:id/consolidate: NDJSON lines,
// each validated as it arrives.

const progress = z.object({
  done: z.number().int(),
  total: z.number().int(),
  episodes: z.number().int(),
  facts: z.number().int(),
});

const consolidationLineSchema: z.ZodType<ConsolidationLine> = z.union([
  progress.extend({ finished: z.literal(true) }),
  progress.extend({ finished: z.literal(false), error: z.string() }),
  progress,
]);

function parseLine(line: string): ConsolidationLine {
  return consolidationLineSchema.parse(JSON.parse(line));
}

/**
 * Calls onLine for each line as soon as it is complete, so progress shows
 * while the passes run; resolves with the last line (null for an empty body).
 */
export async function readConsolidationLines(
  body: ReadableStream<Uint8Array>,
  onLine: (line: ConsolidationLine) => void,
): Promise<ConsolidationLine | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let pending = "";
  let last: ConsolidationLine | null = null;
  const take = (text: string) => {
    if (!text.trim()) return;
    last = parseLine(text);
    onLine(last);
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const lines = (pending + decoder.decode(value, { stream: true })).split("\n");
    pending = lines.pop() ?? "";
    lines.forEach(take);
  }
  take(pending + decoder.decode());
  return last;
}
