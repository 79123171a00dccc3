import { pagesResponse } from "@/lib/http/pages";

export function GET(request: Request) {
  return pagesResponse(request);
}
