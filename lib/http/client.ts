import { CLIENT_ADDRESS_HEADER, servedByAppServer, UNKNOWN_ADDRESS } from "@/lib/contracts/client-address";

const holder = globalThis as typeof globalThis & { episodicBufferWarnedUnknownAddress?: boolean };

/**
 * The address a request came from, as the app's server (server.ts) worked it
 * out. A process Next was started in some other way (a bare `next start`)
 * cannot know it: a header there could be the client's own, so every such
 * request counts as one unknown client, which is safe for the limits if
 * tight for the clients, and the server says so once.
 */
export function clientAddress(request: Request): string {
  if (servedByAppServer()) return request.headers.get(CLIENT_ADDRESS_HEADER) || UNKNOWN_ADDRESS;
  if (!holder.episodicBufferWarnedUnknownAddress && process.env.NODE_ENV === "production") {
    holder.episodicBufferWarnedUnknownAddress = true;
    console.warn("This server was not started with `npm start` (server.ts), so it cannot tell clients' addresses apart: every client shares one rate limit.");
  }
  return UNKNOWN_ADDRESS;
}
