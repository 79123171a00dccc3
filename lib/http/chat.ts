import { z } from "zod";
import { recordIdSchema } from "@/lib/contracts/ids";
import { messageTextSchema } from "@/lib/threads/schemas";
import { refuseVisitorThread } from "@/lib/customers/scope";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody } from "@/lib/http/respond";
import { streamTurn } from "@/lib/http/turn-stream";

const chatRequestSchema = z.union([
  z.object({ threadId: recordIdSchema, text: messageTextSchema }),
  z.object({ threadId: recordIdSchema, retry: z.literal(true) }),
  /** Answer the thread's latest message again, replacing the reply it has. */
  z.object({ threadId: recordIdSchema, regenerate: z.literal(true) }),
]);

/** POST /api/chat: one owner turn, streamed (its first statement also names an untitled thread after its first message). */
export function chatResponse(request: Request): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    const body = await parseJsonBody(request, chatRequestSchema);
    await refuseVisitorThread(db, workspace.id, body.threadId);
    return streamTurn(request, db, { workspaceId: workspace.id, threadId: body.threadId, text: "text" in body ? body.text : null, regenerate: "regenerate" in body });
  });
}
