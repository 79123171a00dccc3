import { generateText, stepCountIs, type ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { MEMORY_MESSAGES_HEADER, memoryMessageLine } from "@/lib/contracts/prompt/memory-input";
import { SUMMARISE_MARKER, SUMMARY_HEADER } from "@/lib/contracts/prompt/summary";
import { createOfflineModel } from "@/lib/models/offline";
import { isSummariseCall, readChatPrompt, readSummaryPrompt } from "@/lib/models/offline/prompt-reader";
import { SUMMARY_LINES, offlineSummary } from "@/lib/models/offline/summarise";
import { PERSONA, fakeTools } from "@/tests/unit/models/fixtures";

const model = createOfflineModel();
const SYSTEM = `${SUMMARISE_MARKER}\nFold the new messages into the summary.`;

function summariseInput(previous: string[], lines: [number, "owner" | "agent", string][]): string {
  const messages = lines.map(([seq, speaker, text]) => memoryMessageLine({ seq, day: "2026-10-02", speaker, text }));
  return [SUMMARY_HEADER, ...(previous.length > 0 ? previous : ["(none)"]), "", MEMORY_MESSAGES_HEADER, ...messages].join("\n");
}

describe("the offline model's summarise mode", () => {
  it("is chosen by the marker opening the system prompt, not by a mention elsewhere", () => {
    expect(isSummariseCall([{ role: "system", content: SYSTEM }])).toBe(true);
    expect(isSummariseCall([{ role: "system", content: `${PERSONA}\nNever write ${SUMMARISE_MARKER}.` }])).toBe(false);
    expect(isSummariseCall([{ role: "user", content: [{ type: "text", text: SUMMARISE_MARKER }] }])).toBe(false);
  });

  it("keeps the concrete sentences of the new messages, one dated line each, and drops small talk", async () => {
    const prompt = summariseInput([], [
      [5, "owner", "Hi Miles! The trailer truck lease came to $640 a month, insurance not included."],
      [6, "agent", "Okay."],
      [7, "owner", "Thanks, sounds good."],
      [8, "agent", "I suggest asking the dealer for 2 months free on a 3-year lease."],
    ]);
    const { text } = await generateText({ model, system: SYSTEM, prompt });
    expect(text.split("\n")).toEqual([
      "- 2026-10-02 owner: The trailer truck lease came to $640 a month, insurance not included.",
      "- 2026-10-02 agent: I suggest asking the dealer for 2 months free on a 3-year lease.",
    ]);
  });

  it("builds on the previous summary and keeps only the latest lines, so the oldest details fall out", () => {
    const previous = Array.from({ length: SUMMARY_LINES }, (_, i) => `- 2026-09-0${(i % 9) + 1} owner: Old fact number ${i + 1} is $${100 + i}.`);
    const view = readSummaryPrompt([
      { role: "system", content: SYSTEM },
      { role: "user", content: [{ type: "text", text: summariseInput(previous, [[40, "owner", "The new paddle rack arrives October 9."]]) }] },
    ]);
    expect(view.previous).toHaveLength(SUMMARY_LINES);
    const lines = offlineSummary(view).split("\n");
    expect(lines).toHaveLength(SUMMARY_LINES);
    expect(lines[0]).toContain("Old fact number 2 ");
    expect(lines.at(-1)).toBe("- 2026-10-02 owner: The new paddle rack arrives October 9.");
  });

  it("returns nothing when there is nothing concrete to keep", () => {
    expect(offlineSummary({ previous: [], messages: [{ seq: 1, day: "2026-10-02", speaker: "owner", text: "Hello there!" }] })).toBe("");
  });
});

describe("a chat turn with a compressor's summary between the messages", () => {
  const summary = [SUMMARY_HEADER, "A running summary of older messages; details may be missing.", "- 2026-10-02 owner: The trailer truck lease came to $640 a month."].join("\n");
  const messages: ModelMessage[] = [
    { role: "user", content: "Let's plan the summer season." },
    { role: "assistant", content: "Sure." },
    { role: "system", content: summary },
    { role: "user", content: "We need new paddles too." },
    { role: "assistant", content: "Okay." },
    { role: "user", content: "What did we agree on for the trailer truck lease?" },
  ];

  it("reads the summary's lines in place, as what the owner said", () => {
    const text = (t: string) => [{ type: "text" as const, text: t }];
    const view = readChatPrompt([
      { role: "system", content: PERSONA },
      { role: "user", content: text("Let's plan the summer season.") },
      { role: "assistant", content: text("Sure.") },
      { role: "system", content: summary },
      { role: "user", content: text("We need new paddles too.") },
      { role: "assistant", content: text("Okay.") },
      { role: "user", content: text("What did we agree on for the trailer truck lease?") },
    ]);
    expect(view.window.map((l) => l.speaker)).toEqual(["user", "assistant", "user", "user", "assistant"]);
    expect(view.window[2].text).toBe("The trailer truck lease came to $640 a month.");
  });

  it("answers from the summary like from any visible message", async () => {
    const { tools, calls } = fakeTools({});
    const result = await generateText({ model, tools, system: PERSONA, messages, allowSystemInMessages: true, stopWhen: stepCountIs(4) });
    expect(calls).toEqual([]);
    expect(result.text).toContain("$640");
  });
});
