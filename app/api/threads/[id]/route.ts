import { deleteThreadResponse, threadResponse, updateThreadResponse } from "@/lib/http/threads";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return threadResponse((await params).id);
}

export async function PATCH(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return updateThreadResponse(request, (await params).id);
}

export async function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return deleteThreadResponse((await params).id);
}
