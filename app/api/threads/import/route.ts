import { importResponse } from "@/lib/http/transfer";

export function POST(request: Request) {
  return importResponse(request);
}
