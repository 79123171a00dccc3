import { factCorrectionResponse } from "@/lib/http/facts";

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return factCorrectionResponse(request, (await params).id);
}
