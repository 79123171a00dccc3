import { pagesResponse } from "@/lib/http/pages";

export function GET() {
  return pagesResponse();
}
