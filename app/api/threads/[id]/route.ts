import { renameThreadResponse, threadResponse } from "@/lib/http/threads";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return threadResponse((await params).id);
}

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return renameThreadResponse(request, (await params).id);
}
