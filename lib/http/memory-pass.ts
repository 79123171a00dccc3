import { RequestError } from "@/lib/errors";
import { getMemoryPassQueue } from "@/lib/jobs/runtime";
import { findThreadSummary } from "@/lib/threads/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, routeId } from "@/lib/http/respond";

/** POST /api/threads/:id/memory-pass: queues the thread's failed memory passes again, with a fresh set of retries. */
export function retryMemoryPassResponse(rawThreadId: string): Promise<Response> {
  return handle(async () => {
    const threadId = routeId(rawThreadId);
    const { db, workspace } = await requestScope();
    const thread = await findThreadSummary(db, workspace.id, threadId);
    if (!thread) throw new RequestError("not_found:thread");
    const queue = await getMemoryPassQueue();
    const requeued = await queue.retryFailed(thread.id);
    if (requeued === 0) throw new RequestError("conflict:memory_pass");
    return Response.json({ requeued }, { status: 202 });
  });
}
