import { consolidateResponse } from "@/lib/http/transfer";

// Each pass is one model call; with a real model a long thread takes minutes.
export const maxDuration = 300;

export async function POST(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return consolidateResponse((await params).id);
}
