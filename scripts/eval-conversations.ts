// Plays the hand-written conversations of evaluation/conversations through the
// real turn on a scratch database and prints what the model made of them:
// where each fact was filed, and how each question was answered under recall
// alone and with the buffer. `--out FILE` also writes the results as JSON;
// `--dir DIR` plays another folder of conversation files (the offline model's
// calibration conversations) instead.
import { writeFile } from "node:fs/promises";
import { z } from "zod";
import { readConfig } from "@/lib/config";
import { openScratchDatabase } from "@/lib/db/scratch";
import { evalConfig, evalModels } from "@/lib/eval/setup";
import { readConversations } from "@/evaluation/conversations/conversation";
import { figuresMarkdown, playConversation, type ConversationResult } from "@/evaluation/conversations/play";
import { currentCommit, readArgs, runCli } from "@/scripts/thread-cli";

const USAGE = "npm run eval:conversations -- [--model offline|env] [--out results.json] [--heading text] [--only file.json] [--dir folder]";

const options = {
  model: { type: "string", default: "offline" },
  out: { type: "string" },
  heading: { type: "string" },
  only: { type: "string" },
  dir: { type: "string" },
} as const;

const argsSchema = z.object({
  positionals: z.array(z.string()).max(0, { error: "no positional arguments" }),
  model: z.enum(["offline", "env"]),
  out: z.string().min(1).optional(),
  heading: z.string().min(1).optional(),
  only: z.string().min(1).optional(),
  dir: z.string().min(1).optional(),
});

runCli(USAGE, async () => {
  const args = readArgs(options, argsSchema);
  const config = evalConfig(readConfig(), 30);
  const models = evalModels(config, args.model);
  const conversations = readConversations(args.dir).filter(({ file }) => !args.only || file === args.only);
  if (conversations.length === 0) throw new Error(`no conversation file ${args.only}`);
  const database = await openScratchDatabase({ purpose: "eval", databaseUrl: readConfig().databaseUrl });
  const started = performance.now();
  const results: ConversationResult[] = [];
  try {
    for (const [i, { file, conversation }] of conversations.entries()) {
      console.error(`${file}: playing ${conversation.owner.length} owner messages, then ${conversation.questions.length} questions…`);
      results.push(await playConversation(database.db, config, models, conversation, `conversation-${i + 1}`));
    }
  } finally {
    await database.close();
  }
  const commit = currentCommit();
  const seconds = Math.round((performance.now() - started) / 1000);
  console.log(figuresMarkdown(results, args.heading ?? `${models.chat.label}, commit ${commit}, ${seconds} s on ${database.kind}`));
  if (args.out) await writeFile(args.out, `${JSON.stringify({ commit, model: models.chat.modelId, seconds, results }, null, 2)}\n`);
});
