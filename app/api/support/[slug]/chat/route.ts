import { supportChatResponse } from "@/lib/http/support";

export async function POST(request: Request, { params }: { params: Promise<{ slug: string }> }) {
  return supportChatResponse(request, (await params).slug);
}
