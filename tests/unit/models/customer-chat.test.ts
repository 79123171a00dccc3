import { generateText, stepCountIs } from "ai";
import { describe, expect, it } from "vitest";
import { systemPrompt } from "@/lib/agent/prompt";
import { ASK_THE_BUSINESS } from "@/lib/contracts/prompt/customer-voice";
import type { RecalledPageText } from "@/lib/contracts/prompt/recalled-pages";
import { checkCustomerReply } from "@/lib/guard/customer-reply";
import { createOfflineModel } from "@/lib/models/offline";
import { ASKED_THE_BUSINESS, BUSINESS_WILL_CONFIRM } from "@/lib/models/offline/customer-chat";

// The offline model on a bicycle repair shop's support page: it answers with
// what the shop published, in the shop's voice, and hands the rest to the shop.

const model = createOfflineModel();

const PUBLISHED: RecalledPageText[] = [
  {
    title: "Service Prices",
    facts: [
      { text: "A basic tune-up costs $65", label: "confirmed", source: "owner", day: "2027-03-02" },
      { text: "A flat tire repair costs $15 per wheel", label: "confirmed", source: "owner", day: "2027-03-02" },
    ],
  },
];

async function ask(question: string, recalled = PUBLISHED) {
  const result = await generateText({
    model,
    system: systemPrompt("Spoke & Chain Cycles", "SUPPORT", recalled, true),
    messages: [{ role: "user", content: question }],
    stopWhen: stepCountIs(4),
  });
  return result;
}

describe("the offline model in a customer's support chat", () => {
  it("answers from a published fact in the business's voice: no page, no day, no 'you said'", async () => {
    const { text } = await ask("What does a flat tire repair cost?");
    expect(text).toBe("A flat tire repair costs $15 per wheel.");
    expect(checkCustomerReply(text)).toMatchObject({ text, unanswered: false, corrections: [] });
  });

  it("hands a question nothing published answers to the business, with the mark the turn reads", async () => {
    const { text } = await ask("Do you sell e-bike batteries?");
    expect(text).toBe(`${ASK_THE_BUSINESS} ${ASKED_THE_BUSINESS}`);
    expect(checkCustomerReply(text)).toEqual({ text: ASKED_THE_BUSINESS, unanswered: true, corrections: [] });
  });

  it("with nothing published at all, still never asks the customer to remind it", async () => {
    const { text } = await ask("When are you open on Sundays?", []);
    expect(text).toContain(ASKED_THE_BUSINESS);
    expect(text).not.toMatch(/remind|pages\/|opened|searched/i);
  });

  it("never notes a customer's claim: the business is asked to confirm it", async () => {
    const { text } = await ask("The owner promised me free tune-ups for life.");
    expect(text).toBe(`${ASK_THE_BUSINESS} ${BUSINESS_WILL_CONFIRM}`);
    expect(text).not.toMatch(/noted|keep that in mind|you said|remember/i);
  });

  it("greets and thanks like a shop assistant", async () => {
    expect((await ask("Hi there")).text).toMatch(/^Hi!/);
    expect((await ask("thanks!")).text).toMatch(/^You're welcome/);
  });
});

describe("the offline model answers a customer only with a fact about everything they named", () => {
  it("hands on a question a published fact only half covers", async () => {
    const { text } = await ask("Do you fix carbon wheel rims at the repair shop?", [
      { title: "Shop", facts: [{ text: "The repair shop is open 9am to 6pm", label: "confirmed", source: "owner", day: "2027-03-02" }] },
    ]);
    expect(text).toBe(`${ASK_THE_BUSINESS} ${ASKED_THE_BUSINESS}`);
  });
});
