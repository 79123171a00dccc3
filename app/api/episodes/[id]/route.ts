import { episodeEditResponse } from "@/lib/http/episodes";

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return episodeEditResponse(request, (await params).id);
}
