import { z } from "zod";

// The thread file format for import and export. Exporting an imported thread
// gives back the same file: no ids, no export time, messages numbered 1..n.

export const THREAD_FILE_FORMAT = "episodic-buffer.thread";
export const MAX_IMPORT_MESSAGES = 100_000;

const isoDate = z.iso.datetime({ offset: true });

export const threadFileMessageSchema = z.object({
  seq: z.number().int().positive(),
  role: z.enum(["USER", "ASSISTANT"]),
  speaker: z.enum(["OWNER", "CUSTOMER", "AGENT"]),
  text: z.string().min(1).max(100_000),
  parts: z.array(z.record(z.string(), z.unknown())).optional(),
  createdAt: isoDate,
});

export const threadFileSchema = z
  .object({
    format: z.literal(THREAD_FILE_FORMAT),
    version: z.literal(1),
    thread: z.object({ title: z.string().trim().min(1).max(120), kind: z.enum(["OWNER", "SUPPORT"]), createdAt: isoDate }),
    messages: z.array(threadFileMessageSchema).max(MAX_IMPORT_MESSAGES),
  })
  .superRefine((file, ctx) => {
    file.messages.forEach((message, i) => {
      const at = ["messages", i];
      if (message.seq !== i + 1) ctx.addIssue({ code: "custom", path: [...at, "seq"], message: `expected ${i + 1}: messages are numbered 1..n in order` });
      const agentRole = message.role === "ASSISTANT";
      if (agentRole !== (message.speaker === "AGENT")) {
        ctx.addIssue({ code: "custom", path: [...at, "speaker"], message: "the agent speaks as ASSISTANT, people as USER" });
      }
      const person = file.thread.kind === "OWNER" ? "OWNER" : "CUSTOMER";
      if (!agentRole && message.speaker !== person) {
        ctx.addIssue({ code: "custom", path: [...at, "speaker"], message: `${file.thread.kind === "OWNER" ? "an owner" : "a support"} thread's user is ${person}` });
      }
      const previous = file.messages[i - 1];
      if (previous && Date.parse(message.createdAt) < Date.parse(previous.createdAt)) {
        ctx.addIssue({ code: "custom", path: [...at, "createdAt"], message: "messages must be in time order" });
      }
    });
  });

export type ThreadFile = z.infer<typeof threadFileSchema>;
