import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JUDGE_SYSTEM, answerStatesValue } from "@/lib/eval/judge";
import { evalModels } from "@/lib/eval/setup";
import { readConfig } from "@/lib/config";
import { startOpenAIStandIn, type StandIn } from "@/tests/support/openai-stand-in";

// The judge over real HTTP against a local server speaking OpenAI's protocol.

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startOpenAIStandIn();
});
afterAll(() => standIn?.close());

const judgeModel = () => evalModels(readConfig({ OPENAI_BASE_URL: standIn.baseUrl, OPENAI_MODEL: "stand-in" }), "env").judge.model;
const item = { question: "What rent did we agree on?", expected: "$2,350", answer: "We settled on twenty-three fifty a month." };

describe("the model judge", () => {
  it("asks for a structured verdict on the answer against the reference value", async () => {
    standIn.script({ kind: "text", text: JSON.stringify({ statesValue: true }) });
    expect(await answerStatesValue(judgeModel(), item)).toBe(true);
    const { body } = standIn.requests.at(-1)!;
    expect(body.response_format).toMatchObject({ type: "json_schema" });
    const messages = body.messages as Array<{ role: string; content: string }>;
    expect(messages[0]).toEqual({ role: "system", content: JUDGE_SYSTEM });
    expect(messages[1].content).toContain("Reference value: $2,350");
    expect(messages[1].content).toContain("twenty-three fifty");
  });

  it("returns the verdict as given, and fails loudly on a broken one", async () => {
    standIn.script({ kind: "text", text: JSON.stringify({ statesValue: false }) });
    expect(await answerStatesValue(judgeModel(), { ...item, answer: "" })).toBe(false);
    expect(String((standIn.requests.at(-1)!.body.messages as Array<{ content: string }>)[1].content)).toContain("Answer: (no answer)");
    standIn.script({ kind: "text", text: "yes" });
    await expect(answerStatesValue(judgeModel(), item)).rejects.toThrow();
  });
});
