import { retryMemoryPassResponse } from "@/lib/http/memory-pass";

export async function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return retryMemoryPassResponse((await params).id);
}
