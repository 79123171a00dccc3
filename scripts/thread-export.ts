// Writes one thread with its messages as a thread file, to --out or stdout.
import { writeFile } from "node:fs/promises";
import { z } from "zod";
import { exportThread, threadFileText } from "@/lib/threads/transfer";
import { openWorkspace, readArgs, runCli, workspaceOption } from "@/scripts/thread-cli";

const USAGE = "npm run thread:export -- <threadId> [--out file.thread.json] [--workspace demo]";

const argsSchema = z.object({
  positionals: z.tuple([z.string().min(1).max(64)], { error: "give exactly one thread id" }),
  out: z.string().min(1).optional(),
  workspace: z.string().min(1),
});

runCli(USAGE, async () => {
  const args = readArgs({ out: { type: "string", short: "o" }, ...workspaceOption }, argsSchema);
  const { db, workspace } = await openWorkspace(args.workspace);
  const file = await exportThread(db, workspace.id, args.positionals[0]);
  if (!args.out) {
    process.stdout.write(threadFileText(file));
    return;
  }
  await writeFile(args.out, threadFileText(file));
  console.error(`Wrote "${file.thread.title}" (${file.messages.length} messages) to ${args.out}.`);
});
