import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { RequestError } from "@/lib/errors";
import { contentSecurityPolicy, newNonce, NONCE_HEADER } from "@/lib/http/content-security";
import { crossSiteRefusal, foreignPageRefusal } from "@/lib/http/origin";

/** The memory's MCP endpoint: programs call it with a token of the owner's, not pages with a session cookie. */
const TOKEN_PATH = /^\/api\/mcp$/;

/** Addresses anyone may use without signing in: signing in itself, a business's customer support chat, the first-run progress, the token-checked MCP endpoint. */
const PUBLIC_PATHS = [/^\/sign-in(\/|$)/, /^\/support\//, /^\/api\/auth\//, /^\/api\/support\//, /^\/api\/startup$/, TOKEN_PATH];

const dev = process.env.NODE_ENV !== "production";

/** Whether every % in the path starts an escape that decodes: Next cannot route one that does not and would answer 500. */
function decodable(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs before every route and page. A malformed address and a write from
 * another site are refused here, before any handler sees them. A request
 * with no session cookie at all is turned away early (401 for the API, the
 * sign-in page for a screen), so a signed-out caller learns nothing, not even
 * which of its inputs were malformed. This is only the cheap first look: every
 * handler and page still checks the session and the workspace membership on
 * the server. Every page it lets through gets a fresh script nonce, which Next
 * reads from the request's Content-Security-Policy and puts on its scripts.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  const { pathname } = request.nextUrl;
  if (!decodable(pathname)) return new RequestError("bad_request:address").toResponse();
  const refused = TOKEN_PATH.test(pathname) ? foreignPageRefusal(request) : crossSiteRefusal(request);
  if (refused) return refused.toResponse();
  if (!PUBLIC_PATHS.some((path) => path.test(pathname)) && !getSessionCookie(request)) {
    if (pathname.startsWith("/api/")) return new RequestError("unauthorized:session").toResponse();
    // The sign-in page sends the owner on to the address they asked for (a shared link to a thread or a page).
    const signIn = new URL("/sign-in", request.url);
    if (pathname !== "/") signIn.searchParams.set("next", `${pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(signIn);
  }
  const nonce = newNonce();
  const policy = contentSecurityPolicy(nonce, { dev });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  headers.set(NONCE_HEADER, nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("content-security-policy", policy);
  return response;
}

export const config = {
  // Static files change nothing and hold nothing private. A thread file's upload goes straight to its route, which
  // makes the same checks itself: through here, Next would hold the whole body in memory for the proxy, up to a cap
  // of its own that cuts a valid file short. Everything else, pages and API routes, is checked.
  matcher: ["/((?!_next/static|_next/image|icon.svg|favicon.ico|robots.txt|startup-progress.js|api/threads/import$).*)"],
};
