import { describe, expect, it } from "vitest";
import { RECALLED_PAGES_HEADER } from "@/lib/contracts/prompt/recalled-pages";
import { countTokens } from "@/lib/models/tokens";
import { contextSplit } from "@/lib/traces/context-split";

const persona = "You are the assistant of a small bakery. Answer briefly.";
const recalled = `${RECALLED_PAGES_HEADER}\npages/Suppliers\n- flour comes from the mill on Tuesdays (confirmed)`;
const block = "[EARLIER IN THIS THREAD]\n- 2026-01-02: the owner set a budget for the van (filed in pages/Van)";

describe("how a prompt's tokens split between its parts", () => {
  it("separates the persona from the recalled pages appended to the system prompt", () => {
    const split = contextSplit({ system: `${persona}\n\n${recalled}`, messages: [] }, null);
    expect(split.recall).toBe(countTokens(recalled));
    expect(split.system).toBe(countTokens(`${persona}\n\n`));
    expect(split).toMatchObject({ buffer: 0, window: 0, tools: 0 });
  });

  it("counts the buffer block, the window's messages and the tool traffic apart", () => {
    const messages = [
      { role: "system", content: block },
      { role: "user", content: [{ type: "text", text: "When does the flour arrive?" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Let me check." },
          { type: "tool-call", toolCallId: "c1", toolName: "read_page", input: { title: "Suppliers" } },
        ],
      },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "read_page", output: { type: "json", value: { found: true } } }] },
      { role: "user", content: "Thanks." },
    ];
    const split = contextSplit({ system: persona, messages }, block);
    expect(split.buffer).toBe(countTokens(block));
    expect(split.window).toBe(countTokens("When does the flour arrive?") + countTokens("Let me check.") + countTokens("Thanks."));
    expect(split.tools).toBe(countTokens(JSON.stringify({ title: "Suppliers" })) + countTokens(JSON.stringify({ type: "json", value: { found: true } })));
    expect(split.recall).toBe(0);
    expect(split.total).toBe(split.system + split.recall + split.buffer + split.window + split.tools);
  });

  it("does not take another system message for the buffer", () => {
    const note = "Summary of the middle of the thread.";
    const split = contextSplit({ system: persona, messages: [{ role: "system", content: note }] }, block);
    expect(split.buffer).toBe(0);
    expect(split.system).toBe(countTokens(persona) + countTokens(note));
  });

  it("skips a stored message it cannot read rather than failing the whole split", () => {
    const split = contextSplit({ system: persona, messages: [42, { role: "user" }, { role: "user", content: "Hello" }] }, null);
    expect(split.window).toBe(countTokens("Hello"));
  });
});
