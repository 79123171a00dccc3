import { newThreadResponse, threadsResponse } from "@/lib/http/threads";

export function GET(request: Request) {
  return threadsResponse(request);
}

export function POST(request: Request) {
  return newThreadResponse(request);
}
