// Adds a thread from a thread file to a workspace, then optionally files it
// into memory (facts and episodes) with the configured model.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { importThread } from "@/lib/threads/transfer";
import { consolidateWithProgress, openWorkspace, readArgs, runCli, workspaceOption } from "@/scripts/thread-cli";

const USAGE = "npm run thread:import -- <file.thread.json> [--consolidate] [--duplicate] [--workspace demo]";

const argsSchema = z.object({
  positionals: z.tuple([z.string().min(1)], { error: "give exactly one file" }),
  consolidate: z.boolean().default(false),
  /** Import a file that was imported into this workspace already, as a second copy. */
  duplicate: z.boolean().default(false),
  workspace: z.string().min(1),
});

function parseJsonFile(path: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

runCli(USAGE, async () => {
  const args = readArgs({ consolidate: { type: "boolean" }, duplicate: { type: "boolean" }, ...workspaceOption }, argsSchema);
  const [path] = args.positionals;
  const input = parseJsonFile(path, await readFile(path, "utf8"));
  const { db, workspace } = await openWorkspace(args.workspace);
  const { thread } = await importThread(db, workspace.id, input, { duplicate: args.duplicate });
  console.log(`Imported "${thread.title}" (${thread.lastSeq} messages) into workspace ${workspace.slug} as thread ${thread.id}.`);
  if (args.consolidate) await consolidateWithProgress(db, workspace, thread.id);
});
