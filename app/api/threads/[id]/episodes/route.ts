import { episodesResponse } from "@/lib/http/threads";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return episodesResponse(request, (await params).id);
}
