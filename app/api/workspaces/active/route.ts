import { switchWorkspaceResponse } from "@/lib/http/workspaces";

export function POST(request: Request) {
  return switchWorkspaceResponse(request);
}
