import { describe, expect, it } from "vitest";
import { minute as at, storedMessage as message } from "@/tests/support/stored-message";
import { parseMemoryInput } from "@/lib/contracts/prompt/memory-input";
import type { PassContext, Stretch } from "@/lib/memory/gather";
import { passInput, propose } from "@/lib/memory/propose";
import { scriptedModel } from "@/tests/support/scripted-model";

// The propose step: what the model is shown of the gathered stretch, and its
// answer read back through the output schema.

const stretch: Stretch = {
  thread: { id: "t1", workspaceId: "w1", kind: "OWNER", consolidatedSeq: 2 },
  messages: [message(3, "OWNER", "The Main St lease is $2,350 a month.")],
  trusted: [message(3, "OWNER", "The Main St lease is $2,350 a month.")],
};
const context: PassContext = {
  open: null,
  before: [message(1, "OWNER", "We are looking at two leases.")],
  earlier: [],
  pages: ["Second Location"],
  facts: [{ id: "f0", page: "Second Location", key: "lease price", text: "Main St lease at $2,400/mo", status: "confirmed", source: "owner" }],
  due: null,
};

describe("the memory pass's proposal", () => {
  it("shows the model the trusted messages, the last ones before a stretch that starts fresh, the pages and the live facts", async () => {
    const answer = { facts: [{ page: "Second Location", key: "lease price", text: "Main St lease at $2,350/mo", messageSeq: 3, replaces: "f0" }], episode: "The owner priced Main St.", stretch: "continues", fold: null };
    const model = scriptedModel([{ object: answer }]);
    const call = await propose(model, undefined, stretch, context);
    expect(call.output).toEqual(answer);
    const prompt = model.calls[0].promptText;
    const shown = parseMemoryInput(prompt.slice(prompt.indexOf("user: ") + "user: ".length));
    expect(shown.messages.map((m) => [m.seq, m.speaker, m.text])).toEqual([[3, "owner", "The Main St lease is $2,350 a month."]]);
    expect(shown.before.map((m) => m.seq)).toEqual([1]);
    expect(shown.earlier).toEqual([]);
    expect(shown.pages).toEqual(["Second Location"]);
    expect(shown.facts.map((f) => f.id)).toEqual(["f0"]);
  });

  it("shows no lines to fold unless a fold is due", () => {
    expect(passInput(stretch, context).fold).toEqual([]);
  });

  it("throws what the model's call threw, so the pass reports it failed", async () => {
    await expect(propose(scriptedModel([{ fail: "the provider refused" }]), undefined, stretch, context)).rejects.toThrow("the provider refused");
  });
});
