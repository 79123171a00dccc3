import { supersessionDecisionResponse } from "@/lib/http/supersessions";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return supersessionDecisionResponse(request, (await params).id);
}
