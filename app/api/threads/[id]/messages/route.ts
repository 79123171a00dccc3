import { messagesResponse } from "@/lib/http/threads";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return messagesResponse(request, (await params).id);
}
