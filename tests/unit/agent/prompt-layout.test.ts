import { describe, expect, it } from "vitest";
import { layoutConversation, type PromptEntry } from "@/lib/agent/prompt-layout";

const note = (text: string): PromptEntry => ({ kind: "note", text });
const user = (text: string): PromptEntry => ({ kind: "message", role: "user", text });
const agent = (text: string): PromptEntry => ({ kind: "message", role: "assistant", text });
const OPENING = "[OLDER MESSAGES NOT SHOWN]\nThis thread began earlier.";

const roles = (entries: PromptEntry[]) => layoutConversation(entries, OPENING).map((m) => m.role);

describe("the one conversation layout", () => {
  it("puts a note in the user turn before the window's first message when the window opens on the agent's reply", () => {
    const messages = layoutConversation([note("[EARLIER IN THIS THREAD]\n- a line"), agent("reply 2"), user("question 3")], OPENING);
    expect(messages).toEqual([
      { role: "user", content: "[EARLIER IN THIS THREAD]\n- a line" },
      { role: "assistant", content: "reply 2" },
      { role: "user", content: "question 3" },
    ]);
  });

  it("gives a note its own text part in the same turn when the window opens on a user message", () => {
    const [first, ...rest] = layoutConversation([note("[EARLIER IN THIS THREAD]\n- a line"), user("question 1"), agent("reply"), user("question 2")], OPENING);
    expect(first).toEqual({
      role: "user",
      content: [
        { type: "text", text: "[EARLIER IN THIS THREAD]\n- a line" },
        { type: "text", text: "question 1" },
      ],
    });
    expect(rest.map((m) => m.role)).toEqual(["assistant", "user"]);
  });

  it("opens with a note saying older messages are not shown when nothing else comes before the agent's reply", () => {
    const messages = layoutConversation([agent("reply 2"), user("question 3")], OPENING);
    expect(messages[0]).toEqual({ role: "user", content: OPENING });
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });

  it("keeps every message when roles repeat, one turn holding each as a part: nothing is dropped to alternate", () => {
    const messages = layoutConversation([user("first, never answered"), user("second"), agent("a"), agent("b"), user("third")], OPENING);
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(messages[0].content).toEqual([
      { type: "text", text: "first, never answered" },
      { type: "text", text: "second" },
    ]);
    expect(messages[1].content).toBe("a\n\nb");
  });

  it("never yields a system message, and always alternates opening on a user turn", () => {
    const shapes: PromptEntry[][] = [
      [user("q")],
      [agent("a"), user("q")],
      [note("n"), agent("a"), note("summary"), agent("b"), user("q")],
      [user("x"), note("summary"), user("y"), agent("a"), user("q")],
    ];
    for (const entries of shapes) {
      const laidOut = roles(entries);
      expect(laidOut).not.toContain("system");
      expect(laidOut.every((role, i) => role === (i % 2 === 0 ? "user" : "assistant"))).toBe(true);
      expect(laidOut.at(-1)).toBe("user");
    }
  });
});
