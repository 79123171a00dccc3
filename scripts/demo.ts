// npm run demo: the app as a stakeholder should first see it. Builds once
// (again only after the code changed) and, beside the build, seeds the demo
// into a database of its own and keeps it as a snapshot (again only after
// the code that seeds it changed), starts the production server, whose new
// database starts from that snapshot, waits until the sign-in page answers
// with the demo ready, says how long that took and opens the page in the
// browser.
import { spawn } from "node:child_process";
import { DEMO_SNAPSHOTS, prepare, seconds, start, untilSignInAnswers } from "@/scripts/demo-server";

const DIST_DIR = process.env.NEXT_DIST_DIR ?? ".next";

/** The system's own way to open an address; nothing happens where there is none (a server, CI). */
function openInBrowser(url: string): void {
  if (process.env.CI || process.argv.includes("--no-open")) return;
  const [command, ...args] = process.platform === "darwin" ? ["open", url] : process.platform === "win32" ? ["cmd", "/c", "start", "", url] : ["xdg-open", url];
  spawn(command, args, { stdio: "ignore", detached: true }).on("error", () => undefined).unref();
}

async function main() {
  const started = performance.now();
  const prepared = await prepare(DIST_DIR, DEMO_SNAPSHOTS, {
    announce: (work) => console.log(`${work} once (later runs skip this until the code changes)…`),
  });
  const done = [
    prepared.build ? `built in ${seconds(prepared.build.ms)}` : "the build was current",
    ...(prepared.snapshot ? [`the demo's database seeded in ${seconds(prepared.snapshot.ms)}`] : []),
  ].join("; ");
  const server = start(DIST_DIR, prepared.snapshotFile ? { ...process.env, PGLITE_SNAPSHOT: prepared.snapshotFile } : process.env);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  await untilSignInAnswers(server);
  const url = `${server.url}/sign-in`;
  console.log(`\nReady in ${seconds(performance.now() - started)} (${done}): ${url}`);
  console.log("Sign in with the demo owner's email and password, which the page shows. Ctrl-C stops the server.\n");
  openInBrowser(url);
  await new Promise((resolve) => server.child.once("exit", resolve));
  process.exit(server.child.exitCode ?? 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
