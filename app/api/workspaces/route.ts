import { newWorkspaceResponse, workspacesResponse } from "@/lib/http/workspaces";

export function GET() {
  return workspacesResponse();
}

export function POST(request: Request) {
  return newWorkspaceResponse(request);
}
