import { exportResponse } from "@/lib/http/transfer";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return exportResponse((await params).id);
}
