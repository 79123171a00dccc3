import { factCorrectionResponse, factDeleteResponse } from "@/lib/http/facts";

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return factCorrectionResponse(request, (await params).id);
}

export async function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return factDeleteResponse((await params).id);
}
