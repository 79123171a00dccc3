import { pageFactsResponse } from "@/lib/http/pages";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return pageFactsResponse(request, (await params).id);
}
