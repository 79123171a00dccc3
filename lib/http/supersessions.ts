import { z } from "zod";
import { decideSupersessionOffer } from "@/lib/pages/supersession-offers";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

const decisionSchema = z.object({ decision: z.enum(["accept", "keep-both"]) }).strict();

export type SupersessionDecisionBody = z.infer<typeof decisionSchema>;

/** POST /api/supersessions/:id: the owner accepts an offered supersession (the old fact is replaced) or keeps both facts. */
export function supersessionDecisionResponse(request: Request, rawOfferId: string): Promise<Response> {
  return handle(async () => {
    const offerId = routeId(rawOfferId);
    const { decision } = await parseJsonBody(request, decisionSchema);
    const { db, workspace } = await requestScope();
    return Response.json({ offer: await decideSupersessionOffer(db, workspace.id, offerId, decision) });
  });
}
