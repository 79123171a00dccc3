import { newThreadResponse, threadsResponse } from "@/lib/http/threads";

export function GET() {
  return threadsResponse();
}

export function POST(request: Request) {
  return newThreadResponse(request);
}
