// npm run demo:measure: how long the first minute takes, measured the way a
// new user lives it, and written as a report (`--out`, default
// first-run-results/report.json): a build from nothing (what the first
// `npm run demo` after a clone does), then the server on a fresh database
// until the sign-in page answers with the demo seeded, then again on that
// database (every later start). Each step carries the load average it ran
// at: the machine may be shared. `npm run demo:readme` writes the README's
// quick-start figures from a report.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { build, seconds, start, untilSignInAnswers } from "@/scripts/demo-server";
import { firstRunReportSchema, type FirstRunReport } from "@/scripts/first-run-report";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

const usage = "npm run demo:measure -- [--out first-run-results/report.json] [--port 3250]";
const DIST_DIR = ".next-first-run";

const load = () => loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];

runCli(usage, async () => {
  const args = readArgs({ out: { type: "string", default: "first-run-results/report.json" }, port: { type: "string", default: "3250" } }, z.object({ out: z.string(), port: z.string() }));
  const data = await mkdtemp(path.join(tmpdir(), "episodic-first-run-"));
  // The embedded database and the offline model, as a new user has them; unset rather than blank, since a blank base URL is refused.
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: args.port, HOST: "localhost", PGLITE_DATA_DIR: path.join(data, "pglite") };
  for (const name of ["DATABASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LOCAL_MODEL_PATH"]) delete env[name];
  try {
    await rm(DIST_DIR, { recursive: true, force: true });
    console.log("Building from nothing…");
    const buildLoad = load();
    const buildMs = await build(DIST_DIR, { quiet: true });
    console.log(`  built in ${seconds(buildMs)} (load ${buildLoad.join(" / ")})`);
    const starts: FirstRunReport["starts"] = [];
    for (const database of ["fresh", "existing"] as const) {
      const startLoad = load();
      const server = start(DIST_DIR, env, { quiet: true });
      const interrupted = () => void server.stop().then(() => process.exit(130));
      process.once("SIGINT", interrupted);
      process.once("SIGTERM", interrupted);
      try {
        const ms = await untilSignInAnswers(server);
        starts.push({ database, signInMs: Math.round(ms), load: startLoad });
        console.log(`  ${database} database: sign-in page ready in ${seconds(ms)} (load ${startLoad.join(" / ")})`);
      } finally {
        process.off("SIGINT", interrupted);
        process.off("SIGTERM", interrupted);
        await server.stop();
      }
    }
    const report: FirstRunReport = {
      commit: currentCommit(),
      createdAt: new Date().toISOString(),
      cores: cpus().length,
      build: { ms: Math.round(buildMs), load: buildLoad },
      starts,
    };
    await mkdir(path.dirname(args.out), { recursive: true });
    await writeFile(args.out, `${JSON.stringify(firstRunReportSchema.parse(report), null, 2)}\n`);
    console.log(`Wrote ${args.out}; npm run demo:readme -- ${args.out} puts it in the README.`);
  } finally {
    await rm(data, { recursive: true, force: true });
    await rm(DIST_DIR, { recursive: true, force: true });
  }
});
