import { threadResponse } from "@/lib/http/threads";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return threadResponse((await params).id);
}
