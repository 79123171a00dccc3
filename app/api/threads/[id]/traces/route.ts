import { tracesResponse } from "@/lib/http/traces";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return tracesResponse(request, (await params).id);
}
