import { getSessionCookie } from "better-auth/cookies";
import { NextResponse, type NextRequest } from "next/server";
import { RequestError } from "@/lib/errors";
import { crossSiteRefusal } from "@/lib/http/origin";

/** Addresses anyone may use without signing in: signing in itself, a business's customer support chat, the first-run progress. */
const PUBLIC_PATHS = [/^\/sign-in(\/|$)/, /^\/support\//, /^\/api\/auth\//, /^\/api\/support\//, /^\/api\/startup$/];

/**
 * Runs before every route and page. A write from another site is refused
 * here, before any handler sees it. A request with no session cookie at all
 * is turned away early (401 for the API, the sign-in page for a screen), so
 * a signed-out caller learns nothing, not even which of its inputs were
 * malformed. This is only the cheap first look: every handler and page still
 * checks the session and the workspace membership on the server.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  const refused = crossSiteRefusal(request);
  if (refused) return refused.toResponse();
  const { pathname } = request.nextUrl;
  if (PUBLIC_PATHS.some((path) => path.test(pathname)) || getSessionCookie(request)) return NextResponse.next();
  if (pathname.startsWith("/api/")) return new RequestError("unauthorized:session").toResponse();
  // The sign-in page sends the owner on to the address they asked for (a shared link to a thread or a page).
  const signIn = new URL("/sign-in", request.url);
  if (pathname !== "/") signIn.searchParams.set("next", `${pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(signIn);
}

export const config = {
  // Static files change nothing and hold nothing private; everything else, pages and API routes, is checked.
  matcher: ["/((?!_next/static|_next/image|icon.svg|favicon.ico|robots.txt|startup-progress.js).*)"],
};
