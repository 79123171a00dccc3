import { pageResponse } from "@/lib/http/pages";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return pageResponse((await params).id);
}
