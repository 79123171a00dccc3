import { z } from "zod";
import { reviewFact } from "@/lib/pages/facts";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

const factReviewSchema = z.object({ verdict: z.enum(["confirm", "reject"]) });

export type FactVerdict = z.infer<typeof factReviewSchema>["verdict"];

/** POST /api/facts/:id/review: the owner confirms or rejects a pending fact. */
export function factReviewResponse(request: Request, rawFactId: string): Promise<Response> {
  return handle(async () => {
    const factId = routeId(rawFactId);
    const { verdict } = await parseJsonBody(request, factReviewSchema);
    const { db, workspace } = await requestScope();
    const fact = await reviewFact(db, workspace.id, factId, verdict);
    return Response.json({ fact: { id: fact.id, status: fact.status } });
  });
}
