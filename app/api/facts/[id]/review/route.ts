import { factReviewResponse } from "@/lib/http/facts";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return factReviewResponse(request, (await params).id);
}
