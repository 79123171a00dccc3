import { z } from "zod";
import { readConfig } from "@/lib/config";
import {
  consolidateThread,
  consolidationProgress,
  type ConsolidationOutcome,
  type ConsolidationProgress,
} from "@/lib/memory/consolidate";
import { chooseModels } from "@/lib/models";
import { RequestError } from "@/lib/errors";
import { getThreadImportQueue } from "@/lib/jobs/runtime";
import { exportThread, threadFileText } from "@/lib/threads/transfer";
import { admitThreadImport, queueThreadImport, threadImportProgress } from "@/lib/threads/transfer-imports";
import { MAX_IMPORT_BYTES } from "@/lib/threads/transfer-limits";
import { requestScope } from "@/lib/workspaces/current";
import { crossSiteRefusal } from "@/lib/http/origin";
import { handle, parseQuery, readCappedBytes, routeId } from "@/lib/http/respond";

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

/**
 * POST /api/threads/import: the thread file is kept and the import job
 * queued (`?duplicate=import` imports a file that was imported here already,
 * which otherwise fails naming its thread); the answer (202) names the import, whose progress
 * GET /api/threads/import/:id reports. proxy.ts lets this upload through
 * unread, so the origin is checked here, and the session and the workspace's
 * import allowance before a byte of the body is read.
 */
export function importResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const crossSite = crossSiteRefusal(request);
    if (crossSite) throw crossSite;
    const { duplicate } = parseQuery(request, importQuerySchema);
    const { db, workspace } = await requestScope();
    await admitThreadImport(db, workspace.id);
    const file = await readCappedBytes(request, MAX_IMPORT_BYTES, "thread file");
    const progress = await queueThreadImport(db, workspace.id, file, { allowDuplicate: duplicate === "import" });
    await (await getThreadImportQueue()).enqueue(progress.id);
    return Response.json({ import: progress }, { status: 202 });
  });
}

/** GET /api/threads/import/:id: where an import of this workspace stands. */
export function importProgressResponse(rawImportId: string): Promise<Response> {
  return handle(async () => {
    const importId = routeId(rawImportId);
    const { db, workspace } = await requestScope();
    const progress = await threadImportProgress(db, workspace.id, importId);
    if (!progress) throw new RequestError("not_found:import");
    return Response.json({ import: progress });
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
    const { model, runtime } = chooseModels(readConfig()).memory;
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
      headers: { "content-type": "application/x-ndjson; charset=utf-8" },
    });
  });
}
