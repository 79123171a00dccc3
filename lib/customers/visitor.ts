import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { authSecret } from "@/lib/auth/secret";
import { readConfig } from "@/lib/config";

/**
 * A customer on the public support page is known only by a visitor id: 144
 * random bits, kept in an HttpOnly cookie signed with the server secret, so
 * it can be neither guessed nor forged, and no script on the page can read it.
 */
export const VISITOR_COOKIE = "support_visitor";

const VISITOR_ID = /^[A-Za-z0-9_-]{24}$/;
const ONE_YEAR_S = 365 * 24 * 60 * 60;

function signature(visitorId: string): Buffer {
  return createHmac("sha256", authSecret(readConfig())).update(`visitor:${visitorId}`).digest();
}

export function newVisitorId(): string {
  return randomBytes(18).toString("base64url");
}

export function signedVisitorValue(visitorId: string): string {
  return `${visitorId}.${signature(visitorId).toString("base64url")}`;
}

/** The visitor id a cookie value holds, or null for a missing, malformed or forged one. */
export function verifiedVisitorId(value: string | undefined): string | null {
  if (!value) return null;
  const [id, mac, ...rest] = value.split(".");
  if (rest.length > 0 || !id || !mac || !VISITOR_ID.test(id)) return null;
  const given = Buffer.from(mac, "base64url");
  const expected = signature(id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The Set-Cookie header for a visitor: first-party only (Lax), Secure when the app is served over HTTPS. */
export function visitorCookieHeader(visitorId: string): string {
  const secure = readConfig().publicUrl?.startsWith("https://") ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${signedVisitorValue(visitorId)}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`;
}
