import { z } from "zod";
import { readConfig } from "@/lib/config";
import {
  consolidateThread,
  consolidationProgress,
  type ConsolidationOutcome,
  type ConsolidationProgress,
} from "@/lib/memory/consolidate";
import { chooseModel } from "@/lib/models";
import { RequestError } from "@/lib/errors";
import { exportThread, importThread, threadFileText } from "@/lib/threads/transfer";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseQuery, readJsonBody, routeId } from "@/lib/http/respond";

/** The import body cap: a long thread with tool parts runs to a few MB. */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** One NDJSON line of POST /api/threads/:id/consolidate: progress, then the outcome last. */
export type ConsolidationLine = ConsolidationProgress | ConsolidationOutcome;

/** RFC 6266: a plain ASCII name for every client and the exact title, UTF-8 encoded, for those that read filename*. */
export function exportDisposition(title: string): string {
  const name = `${title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, "-").trim()}.thread.json`;
  const ascii = name.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const importQuerySchema = z.object({ duplicate: z.enum(["import"]).optional() });

/** POST /api/threads/import; `?duplicate=import` imports a file that was imported here already. */
export function importResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { duplicate } = parseQuery(request, importQuerySchema);
    const input = await readJsonBody(request, { maxBytes: MAX_IMPORT_BYTES, name: "thread file" });
    const { db, workspace } = await requestScope();
    const { thread } = await importThread(db, workspace.id, input, { duplicate: duplicate === "import" });
    return Response.json(
      { thread: { id: thread.id, title: thread.title, kind: thread.kind, lastSeq: thread.lastSeq } },
      { status: 201 },
    );
  });
}

/** GET /api/threads/:id/export */
export function exportResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    const file = await exportThread(db, workspace.id, threadId);
    return new Response(threadFileText(file), {
      headers: {
        "content-type": "application/json; charset=utf-8",
        "content-disposition": exportDisposition(file.thread.title),
        "cache-control": "no-store",
      },
    });
  });
}

/**
 * POST /api/threads/:id/consolidate: memory passes over the thread, streamed
 * as NDJSON progress lines and ending with the outcome. A reader that goes
 * away stops the run after the pass in flight; what it filed stays, and the
 * next request continues from there.
 */
export function consolidateResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const id = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    const initial = await consolidationProgress(db, workspace.id, id);
    if (!initial) throw new RequestError("not_found:thread");
    let last = initial;
    const { model, runtime } = chooseModel(readConfig());
    const stop = new AbortController();
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (line: ConsolidationLine) => {
          if (!stop.signal.aborted) controller.enqueue(encoder.encode(`${JSON.stringify(line)}\n`));
        };
        const onProgress = (progress: ConsolidationProgress) => {
          last = progress;
          send(progress);
        };
        consolidateThread(db, model, workspace.id, id, { onProgress, signal: stop.signal, runtime })
          .then(send, (error: unknown) => {
            console.error(error);
            send({ ...last, finished: false, error: "Consolidation failed on the server; run it again to continue." });
          })
          .finally(() => {
            if (!stop.signal.aborted) controller.close();
          });
      },
      cancel() {
        stop.abort();
      },
    });
    return new Response(stream, {
      headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store" },
    });
  });
}
