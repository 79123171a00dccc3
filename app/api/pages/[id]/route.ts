import { pageResponse, pageUpdateResponse } from "@/lib/http/pages";

type Params = { params: Promise<{ id: string }> };

export async function GET(_request: Request, { params }: Params) {
  return pageResponse((await params).id);
}

export async function PATCH(request: Request, { params }: Params) {
  return pageUpdateResponse(request, (await params).id);
}
