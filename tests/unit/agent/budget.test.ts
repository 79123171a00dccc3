import { describe, expect, it } from "vitest";
import { fitPrompt, withoutOldest, type FitRequest } from "@/lib/agent/budget";
import { layoutConversation, type PromptEntry } from "@/lib/agent/prompt-layout";
import { BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import { NOT_SHOWN_HEADER, parseNotShownNote } from "@/lib/contracts/prompt/not-shown";
import { estimateMeter, estimateTokens, learnedAbout, type ContextSize } from "@/lib/models/runtime";

// The context budget over plain data, counted with the real o200k estimate.

let keys = 0;
const meter = () => estimateMeter(learnedAbout(`budget-test ${++keys}`));
const context = (tokens: number): ContextSize => ({ tokens, source: "provider", detail: "a test server" });
const block = `${BUFFER_HEADER}\n- 2026-10-02: Owner wants a second location (filed in pages/Second Location)`;
const long = (n: number) => `message number ${n} ${"with a good many words about the lease and the rent ".repeat(6)}`;

/** A window of `n` messages opening on the agent's reply (as a full window of an even size does), the block before it, the question last. */
function window(n: number): { entries: PromptEntry[]; seqs: number[] } {
  const entries: PromptEntry[] = [{ kind: "note", text: block }];
  const seqs: number[] = [];
  for (let i = 0; i < n; i++) {
    const seq = 100 + i;
    seqs.push(seq);
    entries.push({ kind: "message", role: i % 2 === 0 ? "assistant" : "user", text: i === n - 1 ? "Which lease did we like?" : long(seq) });
  }
  return { entries, seqs };
}

const pageTitles = ["Second Location", "Suppliers", "Pricing"];
const system = (pages: number) => ["You are Miles.", ...pageTitles.slice(0, pages).map((t) => `pages/${t}\n- ${"a fact about this page ".repeat(8)}`)].join("\n\n");

function request(tokens: number, n = 10, replyTokens = 100): FitRequest {
  const { entries, seqs } = window(n);
  return { meter: meter(), context: context(tokens), replyTokens, systemWith: system, pageTitles, entries, messageSeqs: seqs, searchable: true, tools: [] };
}

const textOf = (content: unknown) => JSON.stringify(content);

describe("fitting a turn's prompt to the model's context", () => {
  it("sends everything when it fits, with what it counted and how", async () => {
    const fitted = await fitPrompt(request(100_000));
    expect(fitted.droppedMessages).toBe(0);
    expect(fitted.pages).toBe(3);
    expect(fitted.tooLarge).toBeNull();
    expect(fitted.budget).toMatchObject({ contextTokens: 100_000, replyTokens: 100, method: "estimate", marginPct: 15, leftOut: [] });
    expect(fitted.budget.promptTokens).toBe(estimateTokens({ system: fitted.system, messages: fitted.messages, tools: [] }));
  });

  it("leaves out the oldest window messages first, never the question, and says how many in their place", async () => {
    const full = await fitPrompt(request(100_000));
    const fitted = await fitPrompt(request(Math.round(full.budget.promptTokens * 0.6)));
    expect(fitted.droppedMessages).toBeGreaterThan(0);
    expect(fitted.pages).toBe(3);
    const counted = fitted.budget.promptTokens * (1 + fitted.budget.marginPct / 100);
    expect(counted).toBeLessThanOrEqual(fitted.budget.contextTokens - fitted.budget.replyTokens);
    // The block still opens the conversation, the note on what is missing follows it, the question ends it.
    const [first] = fitted.messages;
    expect(textOf(first.content)).toContain(BUFFER_HEADER);
    const note = (first.content as { text: string }[]).map((p) => p.text).find((t) => t.startsWith(NOT_SHOWN_HEADER));
    expect(parseNotShownNote(note!)).toEqual({ leftOut: fitted.droppedMessages, searchable: true });
    expect(fitted.messages.at(-1)).toEqual({ role: "user", content: "Which lease did we like?" });
    expect(fitted.messages.map((m) => m.role).every((role, i) => role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
    expect(fitted.budget.leftOut).toEqual([{ what: "window", count: fitted.droppedMessages, detail: expect.stringContaining(`messages #100–#${99 + fitted.droppedMessages}`) }]);
    // As few as possible: with one message fewer left out it would not fit.
    const oneFewer = layoutConversation(withoutOldest(request(0).entries, fitted.droppedMessages - 1, true), "");
    const tokens = await meter().count({ system: system(3), messages: oneFewer, tools: [] });
    expect(Math.ceil(tokens * 1.15)).toBeGreaterThan(fitted.budget.contextTokens - fitted.budget.replyTokens);
  });

  it("then leaves out recalled pages from the lowest-ranked up, once only the question is left of the window", async () => {
    const bare = await fitPrompt({ ...request(100_000), entries: withoutOldest(request(0).entries, 9, true) });
    const onePageLess = await meter().count({ system: system(2), messages: bare.messages, tools: [] });
    const fitted = await fitPrompt(request(Math.ceil(onePageLess * 1.15) + 100 + 5));
    expect(fitted.droppedMessages).toBe(9);
    expect(fitted.pages).toBe(2);
    expect(fitted.budget.leftOut.map((l) => l.what)).toEqual(["window", "recall"]);
    expect(fitted.budget.leftOut[1].detail).toContain("pages/Pricing");
    expect(fitted.system).not.toContain("pages/Pricing");
  });

  it("refuses a turn whose minimum (instructions, buffer, question, tools) does not fit, with the figures", async () => {
    const fitted = await fitPrompt(request(150, 10, 100));
    expect(fitted.tooLarge).toMatch(/^this turn needs about \d+ tokens .* the model's context holds 150 with 100 kept for the reply/);
    expect(fitted.tooLarge).toContain("MODEL_CONTEXT_TOKENS");
  });

  it("counts the tools' schemas as part of what is sent", async () => {
    const tools = [{ name: "read_page", description: "Open a page.", inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"], additionalProperties: false } }];
    const without = await fitPrompt(request(100_000));
    const withTools = await fitPrompt({ ...request(100_000), tools });
    expect(withTools.budget.promptTokens).toBeGreaterThan(without.budget.promptTokens + 100);
  });
});
