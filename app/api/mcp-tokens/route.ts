import { newTokenResponse, tokensResponse } from "@/lib/http/mcp-tokens";

export function GET() {
  return tokensResponse();
}

export function POST(request: Request) {
  return newTokenResponse(request);
}
