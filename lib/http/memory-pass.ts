import { getMemoryPassQueue } from "@/lib/jobs/runtime";
import { findThreadSummary } from "@/lib/threads/queries";
import { requestScope } from "@/lib/workspaces/current";
import { handle, HttpError } from "@/lib/http/respond";

/** POST /api/threads/:id/memory-pass: queues the thread's failed memory passes again, with a fresh set of retries. */
export function retryMemoryPassResponse(threadId: string): Promise<Response> {
  return handle(async () => {
    const { db, workspace } = await requestScope();
    const thread = await findThreadSummary(db, workspace.id, threadId.slice(0, 64));
    if (!thread) throw new HttpError(404, "No such thread in this workspace.");
    const queue = await getMemoryPassQueue();
    const requeued = await queue.retryFailed(thread.id);
    if (requeued === 0) throw new HttpError(409, "No memory pass in this thread has failed; there is nothing to retry.");
    return Response.json({ requeued }, { status: 202 });
  });
}
