import { mcpResponse } from "@/lib/http/mcp";

export function POST(request: Request) {
  return mcpResponse(request);
}
