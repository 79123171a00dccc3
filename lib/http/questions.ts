import { z } from "zod";
import { RequestError } from "@/lib/errors";
import { setQuestionStatus } from "@/lib/questions/store";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

const questionUpdateSchema = z.object({ status: z.enum(["OPEN", "ANSWERED", "DISMISSED"]) }).strict();

export type QuestionUpdate = z.infer<typeof questionUpdateSchema>;

/** PATCH /api/questions/:id: the owner marks a customer's question answered, dismisses it, or opens it again. */
export function questionUpdateResponse(request: Request, rawQuestionId: string): Promise<Response> {
  return handle(async () => {
    const questionId = routeId(rawQuestionId);
    const { status } = await parseJsonBody(request, questionUpdateSchema);
    const { db, workspace } = await requestScope();
    const question = await setQuestionStatus(db, workspace.id, questionId, status);
    if (!question) throw new RequestError("not_found:question");
    return Response.json({ question });
  });
}
