import { revokeTokenResponse } from "@/lib/http/mcp-tokens";

export async function DELETE(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  return revokeTokenResponse((await params).id);
}
