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
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim() || request.headers.get("host") || new URL(request.url).host;
  if (origin && origin !== "null") {
    try {
      if (new URL(origin).host === host) return null;
    } catch {
      // An Origin that is not a URL names no site of ours.
    }
  }
  return new RequestError("forbidden:origin");
}
