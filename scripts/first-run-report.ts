import { z } from "zod";
import type { ReadmeMarkers } from "@/lib/eval/readme";

// The first-run report (npm run demo:measure) and the README section made from it.

export const FIRST_RUN_MARKERS: ReadmeMarkers = { start: "<!-- first-run:start -->", end: "<!-- first-run:end -->" };

/** The report the README's figures come from unless another is named. */
export const FIRST_RUN_SAMPLE = "first-run-sample/report.json";

const loadSchema = z.tuple([z.number(), z.number(), z.number()]);

export const firstRunReportSchema = z.object({
  commit: z.string(),
  createdAt: z.iso.datetime(),
  cores: z.number().int().positive(),
  build: z.object({ ms: z.number().nonnegative(), load: loadSchema }),
  starts: z.array(z.object({ database: z.enum(["fresh", "existing"]), signInMs: z.number().nonnegative(), load: loadSchema })),
});

export type FirstRunReport = z.infer<typeof firstRunReportSchema>;

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export function firstRunReadmeSection(report: FirstRunReport, reportPath: string): string {
  const start = (database: "fresh" | "existing") => report.starts.find((r) => r.database === database);
  const [fresh, existing] = [start("fresh"), start("existing")];
  const line = (label: string, ms: number, load: number[]) => `| ${label} | ${s(ms)} | ${load.join(" / ")} |`;
  return [
    FIRST_RUN_MARKERS.start,
    "<!-- Written by `npm run demo:readme`; edits here are overwritten. -->",
    "",
    `Measured by \`npm run demo:measure\` (\`${reportPath}\`: commit \`${report.commit}\`, ${report.createdAt.slice(0, 16).replace("T", " ")} UTC, ${report.cores} cores):`,
    "",
    "| `npm run demo` step | Time | Load average (1 / 5 / 15 min) |",
    "| --- | --- | --- |",
    line("Build, once after a clone (and after the code changes)", report.build.ms, report.build.load),
    ...(fresh ? [line("Start to the sign-in page, fresh database (migrate, seed and file the demo)", fresh.signInMs, fresh.load)] : []),
    ...(existing ? [line("Start to the sign-in page, every later start", existing.signInMs, existing.load)] : []),
    ...(fresh ? ["", `The first \`npm run demo\` after \`npm install\` is ready in about ${s(report.build.ms + fresh.signInMs)}; every later one in about ${s(existing?.signInMs ?? fresh.signInMs)}.`] : []),
    FIRST_RUN_MARKERS.end,
  ].join("\n");
}
