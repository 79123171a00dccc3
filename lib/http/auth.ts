import { ensureDemoOwner } from "@/lib/workspaces/demo-owner";
import { getAuth } from "@/lib/auth/server";
import { getDb } from "@/lib/db/client";
import { handle } from "@/lib/http/respond";

/** /api/auth/*: Better Auth's sign-up, sign-in, sign-out and session endpoints; the demo owner exists before anyone signs in. */
export function authResponse(request: Request): Promise<Response> {
  return handle(async () => {
    await ensureDemoOwner(await getDb());
    return (await getAuth()).handler(request);
  });
}
