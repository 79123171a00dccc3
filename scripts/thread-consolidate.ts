// Files a thread's unconsolidated messages into memory, continuing where an
// earlier run (an import, the import page, a failed pass) stopped.
import { z } from "zod";
import { consolidateWithProgress, openWorkspace, readArgs, runCli, workspaceOption } from "@/scripts/thread-cli";

const USAGE = "npm run thread:consolidate -- <threadId> [--workspace demo]";

const argsSchema = z.object({
  positionals: z.tuple([z.string().min(1).max(64)], { error: "give exactly one thread id" }),
  workspace: z.string().min(1),
});

runCli(USAGE, async () => {
  const args = readArgs(workspaceOption, argsSchema);
  const { db, workspace } = await openWorkspace(args.workspace);
  await consolidateWithProgress(db, workspace, args.positionals[0]);
});
