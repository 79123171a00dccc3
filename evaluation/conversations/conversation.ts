// Conversations written as owners of five kinds of business type, turn by
// turn, each with the pages a reader would file its facts on and questions
// about facts said outside the window: some name their topic, some only
// describe it (what it does, what it is for, who it is for). They are data for
// measuring the offline model, never material for its rules.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const text = z.string().trim().min(1);

export const conversationSchema = z.strictObject({
  business: text,
  /** The kind of business, e.g. "local moving company". */
  kind: text,
  title: text,
  /** What the owner types, one message per turn; the agent's replies come from the model being measured. */
  owner: z.array(text).min(20, { error: "at least 20 owner messages, so the thread runs past the window" }),
  /** Facts the owner states, each by the value that identifies it and the page titles a reader would file it under. */
  facts: z.array(z.strictObject({ value: text, pages: z.array(text).min(1) })).min(1),
  questions: z
    .array(
      z.strictObject({
        ask: text,
        /** The value a right answer states. */
        expect: text,
        /** False when the question describes the thing instead of naming it: only meaning links it to the fact. */
        namesTopic: z.boolean(),
      }),
    )
    .min(1),
});

export type Conversation = z.infer<typeof conversationSchema>;

export const CONVERSATIONS_DIR = path.join(import.meta.dirname);

/** Every conversation file in the folder, validated, in name order. */
export function readConversations(dir = CONVERSATIONS_DIR): { file: string; conversation: Conversation }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const parsed = conversationSchema.safeParse(JSON.parse(readFileSync(path.join(dir, name), "utf8")));
      if (!parsed.success) throw new Error(`${name}: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
      return { file: name, conversation: parsed.data };
    });
}
