import { questionUpdateResponse } from "@/lib/http/questions";

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return questionUpdateResponse(request, (await params).id);
}
