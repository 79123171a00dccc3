import { traceResponse } from "@/lib/http/traces";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return traceResponse((await params).id);
}
