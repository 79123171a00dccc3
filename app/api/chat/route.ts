import { chatResponse } from "@/lib/http/chat";

export const maxDuration = 60;

export function POST(request: Request) {
  return chatResponse(request);
}
