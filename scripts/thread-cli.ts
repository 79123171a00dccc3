// What the scripts share: argument parsing checked with zod, the configured
// database and workspace, consolidation with printed progress, the commit a
// report came from, and one way to fail.
import { execFileSync } from "node:child_process";
import { parseArgs, type ParseArgsConfig } from "node:util";
import type { z } from "zod";
import { readConfig } from "@/lib/config";
import { getDb, type Db } from "@/lib/db/client";
import type { Workspace } from "@/lib/db/generated/client";
import { consolidateThread, type ConsolidationProgress } from "@/lib/memory/consolidate";
import { chooseModels } from "@/lib/models";
import { workspaceBySlug } from "@/lib/workspaces/by-slug";
import { DEMO_WORKSPACE_SLUG } from "@/lib/workspaces/demo-template";

export const workspaceOption = { workspace: { type: "string", default: DEMO_WORKSPACE_SLUG } } as const;

class UsageError extends Error {}

/** The command line as `{ positionals, ...options }`, validated; a bad one prints the usage. */
export function readArgs<T extends z.ZodType>(options: ParseArgsConfig["options"], schema: T): z.infer<T> {
  const raw = (() => {
    try {
      return parseArgs({ options, allowPositionals: true, strict: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  })();
  const parsed = schema.safeParse({ positionals: raw.positionals, ...raw.values });
  if (!parsed.success) {
    throw new UsageError(parsed.error.issues.map((i) => (i.path[0] === "positionals" ? i.message : `--${i.path.join(".")}: ${i.message}`)).join("; "));
  }
  return parsed.data;
}

export async function openWorkspace(slug: string): Promise<{ db: Db; workspace: Workspace }> {
  const db = await getDb();
  return { db, workspace: await workspaceBySlug(db, slug) };
}

function progressText(p: ConsolidationProgress): string {
  return `consolidated ${p.done}/${p.total} messages · ${p.episodes} episodes · ${p.facts} facts`;
}

/** Consolidates with the configured model; on a terminal the progress line updates in place. */
export async function consolidateWithProgress(db: Db, workspace: Workspace, threadId: string): Promise<void> {
  const { model, label, runtime } = chooseModels(readConfig()).memory;
  console.log(`Consolidating with ${label}…`);
  const inPlace = process.stdout.isTTY;
  const outcome = await consolidateThread(db, model, workspace.id, threadId, {
    runtime,
    onProgress: (p) => {
      if (inPlace) process.stdout.write(`\r${progressText(p)}`);
      else console.log(progressText(p));
    },
  });
  if (inPlace) process.stdout.write("\n");
  if (!outcome.finished) {
    throw new Error(`${outcome.error}\nRun \`npm run thread:consolidate -- ${threadId} --workspace ${workspace.slug}\` to continue.`);
  }
  console.log(`Done: ${progressText(outcome)}.`);
}

/** Runs a script's main and exits: the embedded database keeps the process alive otherwise. */
export function runCli(usage: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      if (error instanceof UsageError) console.error(`Usage: ${usage}`);
      process.exit(1);
    },
  );
}

/** The code's commit, "-dirty" when the work tree has uncommitted changes, so a report says what produced it. */
export function currentCommit(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" }).trim() !== "";
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return "unknown";
  }
}
