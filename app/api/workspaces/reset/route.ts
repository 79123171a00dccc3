import { resetWorkspaceResponse } from "@/lib/http/workspaces";

export function POST() {
  return resetWorkspaceResponse();
}
