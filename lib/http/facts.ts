import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";
import { FACT_LIMITS } from "@/lib/contracts/memory-pass";
import { correctFact, reviewFact } from "@/lib/pages/facts";
import { deleteFact } from "@/lib/pages/forget";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

const factReviewSchema = z.object({ verdict: z.enum(["confirm", "reject", "release"]) });

export type FactVerdict = z.infer<typeof factReviewSchema>["verdict"];

/** POST /api/facts/:id/review: the owner confirms or rejects a pending fact, or releases a held one on purpose. */
export function factReviewResponse(request: Request, rawFactId: string): Promise<Response> {
  return handle(async () => {
    const factId = routeId(rawFactId);
    const { verdict } = await parseJsonBody(request, factReviewSchema);
    const { db, workspace } = await requestScope();
    const fact = await reviewFact(db, workspace.id, factId, verdict);
    return Response.json({ fact: { id: fact.id, status: fact.status } });
  });
}

const factCorrectionSchema = z.object({ text: cleanText(FACT_LIMITS.text).trim().min(1, "The fact is empty.") }).strict();

export type FactCorrection = z.infer<typeof factCorrectionSchema>;

/** PATCH /api/facts/:id: the owner corrects a live fact by hand; the old one is superseded by his wording. */
export function factCorrectionResponse(request: Request, rawFactId: string): Promise<Response> {
  return handle(async () => {
    const factId = routeId(rawFactId);
    const { text } = await parseJsonBody(request, factCorrectionSchema);
    const { db, workspace } = await requestScope();
    const fact = await correctFact(db, workspace.id, factId, text);
    return Response.json({ fact: { id: fact.id, status: fact.status, text: fact.text } });
  });
}

/** DELETE /api/facts/:id: the owner deletes a fact from memory. */
export function factDeleteResponse(rawFactId: string): Promise<Response> {
  return handle(async () => {
    const factId = routeId(rawFactId);
    const { db, workspace } = await requestScope();
    await deleteFact(db, workspace.id, factId);
    return Response.json({ deleted: { id: factId } });
  });
}
