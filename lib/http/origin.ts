import { RequestError } from "@/lib/errors";

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * A refusal for a state-changing request that does not come from the app's
 * own pages, else null. Browsers send Origin on every cross-site POST (a
 * form, a fetch, a text/plain "simple" request alike) and a page cannot
 * forge it, so requiring it to name this host stops cross-site writes
 * without a token. A request with no Origin at all is refused too: it is not
 * from a browser page of ours, and scripts can send one. The host compared is
 * the one the browser addressed (x-forwarded-host behind a proxy), the same
 * rule Next applies to server actions.
 */
export function crossSiteRefusal(request: Request): RequestError | null {
  if (!STATE_CHANGING.has(request.method.toUpperCase())) return null;
  return originIsOurs(request) === true ? null : new RequestError("forbidden:origin");
}

/**
 * For a route that programs call with a token rather than pages with a
 * cookie (the memory's MCP endpoint): a request without Origin is not from a
 * browser page and may pass, but a page of another site is refused, so a
 * site a browser visits cannot reach a server on the visitor's own machine by
 * rebinding its name.
 */
export function foreignPageRefusal(request: Request): RequestError | null {
  return originIsOurs(request) === false ? new RequestError("forbidden:origin") : null;
}

/** Whether the request's Origin names this host; null when it sent none. */
function originIsOurs(request: Request): boolean | null {
  const origin = request.headers.get("origin");
  if (origin === null || origin === "") return null;
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host") || new URL(request.url).host;
  if (origin === "null") return false;
  try {
    return new URL(origin).host === host;
  } catch {
    // An Origin that is not a URL names no site of ours.
    return false;
  }
}
