import { publishPreviewResponse } from "@/lib/http/pages";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return publishPreviewResponse((await params).id);
}
