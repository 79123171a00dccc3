// An AI SDK agent with the episodic buffer, on a scripted model so it runs
// anywhere: its memory pass files a stretch and writes the episode line, and
// a later turn, whose window no longer shows that stretch, gets the line
// before its oldest message. Run: node examples/agent.ts
import assert from "node:assert/strict";
import { generateText, Output, simulateReadableStream, streamText, wrapLanguageModel, type ModelMessage } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { z } from "zod";
import { BUFFER_HEADER, episodeField, episodicBufferMiddleware, inMemoryEpisodeStore, linePointers, vetLine, type Screen } from "episodic-buffer";

// A model that answers from a script and keeps every prompt it was sent.
const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };
const answer = (text: string) => ({ content: [{ type: "text" as const, text }], finishReason: { unified: "stop" as const, raw: "stop" }, usage, warnings: [] });
const stream = (text: string) => ({
  stream: simulateReadableStream({
    chunks: [
      { type: "stream-start" as const, warnings: [] },
      { type: "text-start" as const, id: "t" },
      { type: "text-delta" as const, id: "t", delta: text },
      { type: "text-end" as const, id: "t" },
      { type: "finish" as const, usage, finishReason: { unified: "stop" as const, raw: "stop" } },
    ],
  }),
});
const scripted = new MockLanguageModelV4({
  doGenerate: answer(JSON.stringify({ facts: [{ page: "Second Location", text: "Budget under $2,500 a month" }], episode: "The owner wants a second location in Houma, budget under $2,500/mo" })),
  doStream: stream("You wanted Houma, under $2,500 a month: shall I open pages/Second Location?"),
});

const threadId = "thread-1";
const WINDOW = 30;
const at = (seq: number) => new Date(Date.UTC(2026, 9, 2, 9, seq));
const history: ModelMessage[] = [
  { role: "user", content: "I want a second location in Houma. Budget is under $2,500 a month." },
  { role: "assistant", content: "Noted: Houma, under $2,500 a month." },
];
const factsSchema = z.array(z.object({ page: z.string(), text: z.string() }));

// The buffer: the part of this file the README shows.
const store = inMemoryEpisodeStore();
const screen: Screen = {
  // Your own injection scan goes here; this one knows a single attack.
  scan: (text) => (/ignore (all )?previous instructions/i.test(text) ? { flagged: true, reasons: ["override-instruction"] } : { flagged: false, reasons: [] }),
};

// 1. The memory pass the agent already runs after a reply, with one more field: the episode line.
const pass = await generateText({
  model: scripted,
  output: Output.object({ schema: z.object({ facts: factsSchema, ...episodeField({ speaker: "owner" }) }) }),
  prompt: history.map((m) => `${m.role}: ${m.content as string}`).join("\n"),
});
const filed = pass.output.facts.map((fact) => fact.page); // the ids of the records it filed; here a record is its page
const line = vetLine(pass.output.episode, screen);
if ("kept" in line) {
  await store.upsertEpisode({ threadId, fromSeq: 1, toSeq: 2, fromAt: at(1), toAt: at(2), gist: line.kept, pointers: linePointers({ written: filed }) });
}

// 2. A later turn: the same streamText call, its model wrapped once.
const model = wrapLanguageModel({
  model: scripted,
  middleware: episodicBufferMiddleware({ store, screen, thread: () => ({ threadId, windowStartSeq: history.length - WINDOW + 1 }) }),
});
const reply = () => streamText({ model, system: "You are the owner's business assistant.", messages: history.slice(-WINDOW) });
// The end of the part the README shows.

// The thread goes on past the window, and its next turn gets the block before its oldest windowed message.
for (let seq = 3; seq <= 40; seq++) history.push({ role: seq % 2 ? "user" : "assistant", content: `Message ${seq} about the week's schedule.` });
history.push({ role: "user", content: "Which town did we pick, and what was the budget?" });
const turn = reply();
console.log(`The agent: ${await turn.text}\n`);

const received = scripted.doStreamCalls.at(-1)?.prompt ?? [];
const block = received.flatMap((m) => (m.role === "user" ? m.content : [])).find((part) => part.type === "text" && part.text.startsWith(BUFFER_HEADER));
assert.ok(block?.type === "text", "the model received no buffer block");
console.log(`The block the model received before its oldest windowed message:\n\n${block.text}`);
