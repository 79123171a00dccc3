/**
 * The Content-Security-Policy of every response, with this response's nonce.
 * Next's own inline bootstrap scripts (the RSC payload, hydration data)
 * carry the nonce it reads back from the request's copy of this header, and
 * 'strict-dynamic' lets the scripts they load run; no other inline script
 * can. Styles stay 'unsafe-inline': React writes style attributes, and a
 * style cannot run code. The dev server also needs 'unsafe-eval' for React's
 * debugging call stacks. Framing is refused outright, so no other site can
 * overlay the app's buttons.
 */
export function contentSecurityPolicy(nonce: string, { dev }: { dev: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** The request header proxy.ts passes the nonce on in, for the app's own inline script (the first-run progress poller). */
export const NONCE_HEADER = "x-nonce";

/** A fresh nonce for one response: 128 random bits. */
export function newNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
