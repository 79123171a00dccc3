// The app's server: Next.js behind a Node HTTP server of its own, which is
// what `npm start` and `npm run dev` run. It exists for one thing Next cannot
// do by itself: tell a route which address a request came from. `next start`
// hands routes whatever X-Forwarded-For the client sent, so a rate limit keyed
// on it is one header away from a fresh bucket. Here the address comes from
// the socket (or, behind proxies the operator names, from the entries they
// appended) and reaches every route and Better Auth in CLIENT_ADDRESS_HEADER,
// replacing anything a client wrote there.
//
// Run by Node itself (it strips the types), so it imports only files that
// need no bundler: relative paths with their extension, no "@/" alias.

import { createServer } from "node:http";
import { readConfig } from "./lib/config.ts";
import { CLIENT_ADDRESS_HEADER, markServedByAppServer, resolveClientAddress } from "./lib/contracts/client-address.ts";

const dev = process.argv.includes("--dev");
// Before Next and React load: they choose their production or development builds by it.
Object.assign(process.env, { NODE_ENV: dev ? "development" : "production" });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** An error's message and those of its causes: Next wraps what instrumentation.ts throws. */
function reasons(error: unknown): string {
  const messages: string[] = [];
  for (let at = error; at instanceof Error && messages.length < 5; at = at.cause) messages.push(at.message);
  return messages.join(": ") || String(error);
}

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    return fail((error as Error).message);
  }
})();
const hostname = process.env.HOST || "localhost";
const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 0 || port > 65_535) fail(`PORT must be a port number, not "${process.env.PORT}".`);

markServedByAppServer();
const { default: next } = await import("next");
const app = next({ dev, hostname, port });
try {
  // Runs instrumentation.ts, which opens the database: a data directory another server holds stops the start here.
  await app.prepare();
} catch (error) {
  fail(`The server could not start. ${reasons(error)}`);
}
const handle = app.getRequestHandler();

const server = createServer((request, response) => {
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(request.socket.remoteAddress, request.headers["x-forwarded-for"], config.proxyTrust);
  void handle(request, response);
});
server.on("error", (error) => fail(`The server could not listen on ${hostname}:${port}: ${error.message}`));
server.listen(port, hostname, () => {
  console.log(`Ready on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}${dev ? " (development)" : ""}`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Finish the requests in flight, then let Next close; a request that never ends does not hold the stop up for long.
  const deadline = setTimeout(() => process.exit(0), 5_000);
  deadline.unref();
  server.close(() => {
    void app.close().finally(() => process.exit(0));
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
