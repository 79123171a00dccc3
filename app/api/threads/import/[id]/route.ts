import { importProgressResponse } from "@/lib/http/transfer";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return importProgressResponse((await params).id);
}
