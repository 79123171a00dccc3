import { createUIMessageStreamResponse } from "ai";
import { after } from "next/server";
import { startTurn } from "@/lib/agent/turn";
import { readConfig } from "@/lib/config";
import { getMemoryPassQueue } from "@/lib/jobs/runtime";
import { chooseModel } from "@/lib/models";
import { chatRequestSchema } from "@/lib/threads/schemas";
import { refuseVisitorThread } from "@/lib/support/scope";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody } from "@/lib/http/respond";

/**
 * POST /api/chat: one turn, streamed (its first statement also names an
 * untitled thread after its first message). The stream ends once the reply
 * and its trace are saved; the memory pass is queued as a job. A browser that goes
 * away mid-reply aborts the model call, and the reply so far is kept, marked
 * interrupted.
 */
export function chatResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    const body = await parseJsonBody(request, chatRequestSchema);
    await refuseVisitorThread(db, workspace.id, body.threadId);
    const config = readConfig();
    const turn = await startTurn({
      db,
      config,
      choice: chooseModel(config),
      workspaceId: workspace.id,
      threadId: body.threadId,
      text: "text" in body ? body.text : null,
      consolidate: "queue",
      queue: await getMemoryPassQueue(),
      signal: request.signal,
    });
    after(() => turn.finished.then(() => undefined, (error: unknown) => console.error("turn did not finish", error)));
    return createUIMessageStreamResponse({ stream: turn.stream });
  });
}
