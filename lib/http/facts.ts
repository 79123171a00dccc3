import { z } from "zod";
import { getDb } from "../db/client";
import { FactNotFoundError, reviewFact } from "../pages/facts";
import { currentWorkspace } from "../workspaces/current";
import { handle, HttpError, parseJsonBody } from "./respond";

const factReviewSchema = z.object({ verdict: z.enum(["confirm", "reject"]) });

export type FactVerdict = z.infer<typeof factReviewSchema>["verdict"];

/** POST /api/facts/:id/review: the owner confirms or rejects a pending fact. */
export function factReviewResponse(request: Request, factId: string): Promise<Response> {
  return handle(async () => {
    const { verdict } = await parseJsonBody(request, factReviewSchema);
    const db = await getDb();
    const workspace = await currentWorkspace(db);
    try {
      const fact = await reviewFact(db, workspace.id, factId, verdict);
      return Response.json({ fact: { id: fact.id, status: fact.status } });
    } catch (error) {
      if (error instanceof FactNotFoundError) throw new HttpError(404, error.message);
      throw error;
    }
  });
}
