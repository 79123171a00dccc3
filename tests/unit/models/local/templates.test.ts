import { Template } from "@huggingface/jinja";
import type { ModelMessage } from "ai";
import { describe, expect, it } from "vitest";
import { layoutConversation, type PromptEntry } from "@/lib/agent/prompt-layout";
import { BUFFER_HEADER } from "@/lib/contracts/prompt/buffer-block";
import { bundledFile, TEMPLATE_FAMILIES, type TemplateFamily } from "@/tests/support/tiny-gguf";

// The conversation the app lays out, rendered by real models' own chat
// templates (the Jinja files llama.cpp ships) the way a server renders them
// for /v1/chat/completions (vLLM, llama.cpp's server with --jinja): one
// string per message, no repairs. Mistral's and Gemma's templates raise
// unless the roles alternate after at most one leading system message; every
// template must take what the app sends.

type Sent = { role: string; content: string };

/** The messages as a compatible server receives them: a user turn's parts joined, as the app's provider sends them. */
const sent = (system: string, messages: ModelMessage[]): Sent[] => [
  { role: "system", content: system },
  ...messages.map((m) => ({ role: m.role, content: typeof m.content === "string" ? m.content : m.content.map((p) => ("text" in p ? p.text : "")).join("\n\n") })),
];

const render = (family: TemplateFamily, messages: Sent[]) =>
  new Template(bundledFile(TEMPLATE_FAMILIES[family].template!).toString("utf8")).render({
    messages,
    bos_token: "<s>",
    eos_token: "</s>",
    add_generation_prompt: true,
  });

const block = `${BUFFER_HEADER}\n- 2026-10-02: Owner wants a second location (filed in pages/Second Location)`;
/** A full window as a turn sends it: opening on the agent's reply, after the buffer block; then an unanswered message and the question. */
const entries: PromptEntry[] = [
  { kind: "note", text: block },
  { kind: "message", role: "assistant", text: "Noted: the budget is under $2,500." },
  { kind: "message", role: "user", text: "A message whose reply failed." },
  { kind: "message", role: "user", text: "Which lease did we like?" },
];
const appMessages = () => sent("You are Miles.", layoutConversation(entries, "[OLDER MESSAGES NOT SHOWN]"));

/** What the app sent before: the buffer block as a second system message, the window opening on a reply. */
const oldMessages: Sent[] = [
  { role: "system", content: "You are Miles." },
  { role: "system", content: block },
  { role: "assistant", content: "Noted: the budget is under $2,500." },
  { role: "user", content: "Which lease did we like?" },
];

describe.each(["qwen2.5", "llama3.1", "mistral"] as const)("the %s template", (family) => {
  it("takes the app's layout: the system prompt once, the buffer block before the window, every message, the question last", () => {
    const text = render(family, appMessages());
    expect(text.split("You are Miles.")).toHaveLength(2);
    expect(text.indexOf(BUFFER_HEADER)).toBeLessThan(text.indexOf("Noted: the budget"));
    expect(text.indexOf("Noted: the budget")).toBeLessThan(text.indexOf("A message whose reply failed."));
    expect(text.indexOf("A message whose reply failed.")).toBeLessThan(text.indexOf("Which lease did we like?"));
  });
});

describe("the strict templates", () => {
  it("Mistral's refuses the layout the app used to send", () => {
    expect(() => render("mistral", oldMessages)).toThrow("After the optional system message, conversation roles must alternate user/assistant/user/assistant/...");
  });

  it("Gemma 2's has no system role at all, so the app's system prompt reaches it only through a runtime that folds it into the first turn", () => {
    expect(() => render("gemma", appMessages())).toThrow("System role not supported");
    const folded = appMessages();
    const [system, first, ...rest] = folded;
    const text = render("gemma", [{ role: "user", content: `${system.content}\n\n${first.content}` }, ...rest]);
    expect(text).toContain("<start_of_turn>model\nNoted: the budget");
  });
});
