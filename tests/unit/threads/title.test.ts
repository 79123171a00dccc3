import { describe, expect, it } from "vitest";
import { AUTO_TITLE_CHARS, titleFromMessage, UNTITLED_THREAD } from "@/lib/threads/queries";

describe("a thread's title from its first message", () => {
  it("is the message itself when it is short, on one line", () => {
    expect(titleFromMessage("  Pricing for the\n\nfall   menu  ")).toBe("Pricing for the fall menu");
  });

  it("is cut at a word boundary with an ellipsis when the message is long", () => {
    const text = "We are thinking about opening a second shop across town next spring, and I want to plan the budget with you";
    const title = titleFromMessage(text);
    expect(title.length).toBeLessThanOrEqual(AUTO_TITLE_CHARS);
    expect(title.endsWith("…")).toBe(true);
    expect(text.startsWith(title.slice(0, -1))).toBe(true);
    expect(text[title.length - 1]).toBe(" ");
  });

  it("cuts inside a word only when the message has no space to cut at", () => {
    const title = titleFromMessage("x".repeat(200));
    expect(title).toBe(`${"x".repeat(AUTO_TITLE_CHARS - 1)}…`);
  });

  it("leaves no trailing punctuation before the ellipsis", () => {
    const title = titleFromMessage(`${"word ".repeat(9)}end, and then ${"more ".repeat(20)}`);
    expect(title).not.toMatch(/[,\s]…$/);
  });

  it("keeps the untitled name for a message of only whitespace", () => {
    expect(titleFromMessage(" \n\t ")).toBe(UNTITLED_THREAD);
  });
});
