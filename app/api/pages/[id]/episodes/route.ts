import { pageEpisodesResponse } from "@/lib/http/pages";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return pageEpisodesResponse(request, (await params).id);
}
