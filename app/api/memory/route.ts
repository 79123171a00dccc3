import { memoryResponse } from "@/lib/http/memory";

export function GET(request: Request) {
  return memoryResponse(request);
}
