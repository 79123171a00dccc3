// npm run demo:measure: how long the first minute takes, measured the way a
// new user lives it, and written as a report (`--out`, default
// first-run-results/report.json): what the first `npm run demo` after a
// clone does (a build from nothing, and beside it the demo's seeded
// database), then the server on a new database restored from it until the
// sign-in page answers whole, then again on that database (every later
// start), and, for comparison, on a new database the server seeds itself
// (`npm start`). Each step carries its CPU time and the load average it ran
// at (the machine may be shared), and the server's own steps from its
// startup status. `npm run demo:readme` writes the README's quick-start
// figures from a report.
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod";
import { prepare, seconds, start, startupSteps, untilSignInAnswers } from "@/scripts/demo-server";
import { firstRunReportSchema, type FirstRunReport } from "@/scripts/first-run-report";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

const usage = "npm run demo:measure -- [--out first-run-results/report.json] [--port 3250]";
const DIST_DIR = ".next-first-run";

const load = () => loadavg().map((l) => Math.round(l * 100) / 100) as [number, number, number];
const cpu = (ms: number | null) => (ms === null ? "" : `, CPU ${seconds(ms)}`);

// The embedded database and the offline model, as a new user has them; unset rather than blank, since a blank base URL is refused.
for (const name of ["DATABASE_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LOCAL_MODEL_PATH", "PGLITE_SNAPSHOT"]) delete process.env[name];

runCli(usage, async () => {
  const args = readArgs({ out: { type: "string", default: "first-run-results/report.json" }, port: { type: "string", default: "3250" } }, z.object({ out: z.string(), port: z.string() }));
  const data = await mkdtemp(path.join(tmpdir(), "episodic-first-run-"));
  // The database a new user's first start opens: new, in a folder of its own (prepare() makes a snapshot only for a new one).
  process.env.PGLITE_DATA_DIR = path.join(data, "pglite");
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: args.port, HOST: "localhost" };
  try {
    await rm(DIST_DIR, { recursive: true, force: true });
    console.log("Building from nothing, and seeding the demo's database beside the build…");
    const prepareLoad = load();
    const started = performance.now();
    const prepared = await prepare(DIST_DIR, path.join(data, "snapshots"), { quiet: true });
    const prepareMs = performance.now() - started;
    if (!prepared.build || !prepared.snapshot || !prepared.snapshotFile) throw new Error("the build or the snapshot was there already: nothing was measured from nothing");
    const { build, snapshot, snapshotFile } = prepared;
    console.log(`  both ready in ${seconds(prepareMs)} (load ${prepareLoad.join(" / ")})`);
    console.log(`  built in ${seconds(build.ms)}${cpu(build.cpuMs)}; ${Object.entries(build.phases).map(([phase, ms]) => `${phase} ${seconds(ms)}`).join(", ")}`);
    console.log(`  the demo's database seeded and saved in ${seconds(snapshot.ms)}${cpu(snapshot.cpuMs)}`);
    const starts: FirstRunReport["starts"] = [];
    const runs = [
      { database: "fresh", dataDir: "pglite", snapshot: true },
      { database: "existing", dataDir: "pglite", snapshot: false },
      { database: "seeding", dataDir: "pglite-seeded", snapshot: false },
    ] as const;
    for (const run of runs) {
      const startLoad = load();
      const server = start(DIST_DIR, { ...env, PGLITE_DATA_DIR: path.join(data, run.dataDir), ...(run.snapshot ? { PGLITE_SNAPSHOT: snapshotFile } : {}) }, { quiet: true });
      const interrupted = () => void server.stop().then(() => process.exit(130));
      process.once("SIGINT", interrupted);
      process.once("SIGTERM", interrupted);
      try {
        const ms = await untilSignInAnswers(server);
        const { steps, now } = await startupSteps(server);
        starts.push({ database: run.database, signInMs: Math.round(ms), load: startLoad, steps, end: now });
        console.log(`  ${run.database} database: sign-in page ready in ${seconds(ms)}${cpu(now.cpuMs)} (load ${startLoad.join(" / ")})`);
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
      prepare: { ms: Math.round(prepareMs), load: prepareLoad },
      build: { ms: Math.round(build.ms), cpuMs: build.cpuMs, phases: build.phases },
      snapshot: { ms: Math.round(snapshot.ms), cpuMs: snapshot.cpuMs, steps: snapshot.steps },
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
