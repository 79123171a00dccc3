import { createUIMessageStreamResponse } from "ai";
import { after } from "next/server";
import { startTurn } from "@/lib/agent/turn";
import { readConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { getMemoryPassQueue } from "@/lib/jobs/runtime";
import { chooseModels } from "@/lib/models";

/**
 * One turn of a thread, streamed as the response: the stream ends once the
 * reply and its trace are saved, the memory pass is queued as a job, and the
 * work after the response finishes there. A browser that goes away mid-reply
 * aborts the model call; the reply so far is kept, marked interrupted.
 */
export async function streamTurn(request: Request, db: Db, turn: { workspaceId: string; threadId: string; text: string | null; regenerate?: boolean }): Promise<Response> {
  const config = readConfig();
  const started = await startTurn({
    db,
    config,
    models: chooseModels(config),
    ...turn,
    consolidate: { kind: "queue", queue: await getMemoryPassQueue() },
    signal: request.signal,
  });
  after(() => started.finished.then(() => undefined, (error: unknown) => console.error("turn did not finish", error)));
  return createUIMessageStreamResponse({ stream: started.stream });
}
