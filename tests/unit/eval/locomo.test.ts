import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LocomoFormatError, parseLocomo, parseLocomoDate, toEvalConversation } from "@/lib/eval/locomo";

const fixturePath = path.join(import.meta.dirname, "../../fixtures/locomo-mini.json");
const raw: unknown = JSON.parse(readFileSync(fixturePath, "utf8"));
const [truck, bookshop] = parseLocomo(raw);

/** A fresh, mutable copy of the fixture's first sample, to break on purpose. */
function brokenSample(mutate: (sample: any) => void): unknown {
  const copy = structuredClone(raw) as any[];
  mutate(copy[0]);
  return copy;
}

function formatError(json: unknown): LocomoFormatError {
  try {
    parseLocomo(json);
  } catch (error) {
    if (error instanceof LocomoFormatError) return error;
    throw error;
  }
  throw new Error("expected a LocomoFormatError");
}

describe("parseLocomo", () => {
  it("reads both samples with their speakers", () => {
    expect([truck.sampleId, bookshop.sampleId]).toEqual(["mini-truck", "mini-bookshop"]);
    expect([truck.speakerA, truck.speakerB]).toEqual(["Rosa", "Dev"]);
  });

  it("orders sessions by number, not by key order in the file", () => {
    expect(truck.sessions.map((s) => s.number)).toEqual([1, 2, 3]);
    expect(truck.sessions.map((s) => s.turns.length)).toEqual([22, 20, 18]);
    expect(truck.sessions[0].dateTime).toBe("2:15 pm on 3 March, 2024");
    expect(truck.sessions[0].turns[2]).toEqual({ speaker: "Rosa", diaId: "D1:3", text: "About an hour. And I finally settled on a name: La Chispa.", caption: null });
  });

  it("keeps a shared photo's BLIP caption and drops other turn keys such as img_url", () => {
    expect(truck.sessions[2].turns[0]).toEqual({
      speaker: "Rosa",
      diaId: "D3:1",
      text: "The counter is on! Kids are ordering on their own now.",
      caption: "a food truck with a wooden counter below its window",
    });
  });

  it("coerces numeric answers and uses adversarial_answer for category 5", () => {
    expect(truck.qa).toHaveLength(8);
    expect(truck.qa[1]).toMatchObject({ answer: "212", adversarial: false, category: 4 });
    expect(truck.qa[7]).toMatchObject({ answer: "the boat needed a new sail", adversarial: true, category: 5, evidence: ["D3:14"] });
  });

  it("rejects input that is not a list", () => {
    expect(formatError({ sample_id: "x" }).message).toBe("LoCoMo data must be a list of samples");
  });

  it.each([
    ["a missing speaker", (s: any) => delete s.conversation.speaker_b, 'sample "mini-truck": conversation.speaker_b'],
    ["a turn whose text is not a string", (s: any) => (s.conversation.session_2[4].text = 7), 'sample "mini-truck": conversation.session_2[4].text'],
    ["a malformed dialogue id", (s: any) => (s.conversation.session_1[0].dia_id = "1-1"), 'conversation.session_1[0].dia_id: expected a dialogue id like "D1:3"'],
    ["an unknown speaker", (s: any) => (s.conversation.session_3[1].speaker = "Sam"), 'conversation.session_3[1].speaker: "Sam" is neither speaker_a nor speaker_b'],
    ["an answer missing", (s: any) => delete s.qa[0].answer, 'sample "mini-truck": qa[0].answer: required for a category 4 item'],
    ["a category 5 item without adversarial_answer", (s: any) => delete s.qa[7].adversarial_answer, "qa[7].adversarial_answer: required for a category 5 item"],
    ["a non-integer category", (s: any) => (s.qa[2].category = "single-hop"), "qa[2].category"],
    ["a date that is not text", (s: any) => (s.conversation.session_1_date_time = 20240303), "conversation.session_1_date_time"],
    ["no sessions at all", (s: any) => { for (const key of ["session_1", "session_2", "session_3"]) delete s.conversation[key]; }, "conversation has no session_<n> lists"],
  ])("rejects %s with a message naming the sample and field", (_, mutate, expected) => {
    const error = formatError(brokenSample(mutate));
    expect(error.name).toBe("LocomoFormatError");
    expect(error.message).toContain(expected);
  });

  it("names a sample by position when it has no usable id", () => {
    expect(formatError([...(raw as unknown[]), { qa: [] }]).message).toMatch(/^LoCoMo sample #2: /);
  });
});

describe("parseLocomoDate", () => {
  it.each([
    ["1:56 pm on 8 May, 2023", "2023-05-08T13:56:00.000Z"],
    ["12:05 am on 1 Jan, 2024", "2024-01-01T00:05:00.000Z"],
    ["12:30 pm on 17 March, 2024", "2024-03-17T12:30:00.000Z"],
    ["10:05 AM on 17 Sept 2024", "2024-09-17T10:05:00.000Z"],
  ])("%s", (text, iso) => {
    expect(parseLocomoDate(text)?.toISOString()).toBe(iso);
  });

  it.each(["sometime in spring", "13:00 pm on 1 May, 2024", "10:00 am on 31 April, 2023", "10:00 am on 3 Smarch, 2023", ""])("rejects %j", (text) => {
    expect(parseLocomoDate(text)).toBeNull();
  });
});

describe("toEvalConversation", () => {
  const conversation = toEvalConversation(truck, { window: 30 });
  const byQuestion = (start: string) => {
    const found = conversation.questions.find((q) => q.question.startsWith(start));
    if (!found) throw new Error(`no question starting ${start}`);
    return found;
  };

  it("flattens sessions into one thread of trusted owner messages, each naming its speaker", () => {
    expect(conversation.id).toBe("mini-truck");
    expect(conversation.messages).toHaveLength(60);
    expect(conversation.messages[0]).toMatchObject({ speaker: "owner", speakerName: "Rosa", diaId: "D1:1", at: "2024-03-03T14:15:00.000Z" });
    expect(conversation.messages[0].text.startsWith("Rosa: ")).toBe(true);
    expect(conversation.messages[22]).toMatchObject({ speaker: "owner", speakerName: "Dev", diaId: "D2:1", at: "2024-03-17T10:05:00.000Z" });
    expect(conversation.messages[22].text.startsWith("Dev: ")).toBe(true);
    expect(conversation.messages[42].text).toBe(
      "Rosa: The counter is on! Kids are ordering on their own now. [shares a photo: a food truck with a wooden counter below its window]",
    );
    expect(conversation.messages[1].at).toBe("2024-03-03T14:16:00.000Z");
    expect(conversation.messages.at(-1)?.diaId).toBe("D3:18");
  });

  it("resolves evidence ids, including several in one string", () => {
    expect(byQuestion("What is the name").evidenceIndexes).toEqual([2]);
    expect(byQuestion("Which festival").evidenceIndexes).toEqual([16, 18]);
    expect(byQuestion("What wood").evidenceIndexes).toEqual([24, 47]);
  });

  it("marks evidence outside the window only when all of it is older than the last `window` messages", () => {
    // 60 messages and a window of 30: index 29 (D2:8) is the newest message outside it.
    expect(byQuestion("What is the name").evidenceOutsideWindow).toBe(true);
    expect(byQuestion("Which festival").evidenceOutsideWindow).toBe(true);
    expect(byQuestion("What colors").evidenceIndexes).toEqual([29]);
    expect(byQuestion("What colors").evidenceOutsideWindow).toBe(true);
    expect(byQuestion("How many plates").evidenceIndexes).toEqual([31]);
    expect(byQuestion("How many plates").evidenceOutsideWindow).toBe(false);
    expect(byQuestion("What wood").evidenceOutsideWindow).toBe(false);
    expect(byQuestion("When did Dev").evidenceOutsideWindow).toBe(false);
  });

  it("depends on the window", () => {
    const wide = toEvalConversation(truck, { window: 60 });
    expect(wide.questions.every((q) => !q.evidenceOutsideWindow)).toBe(true);
  });

  it("carries answers and the adversarial flag", () => {
    expect(byQuestion("How many tacos")).toMatchObject({ answer: "212", adversarial: false, category: 4 });
    expect(byQuestion("Why did Rosa")).toMatchObject({ answer: "the boat needed a new sail", adversarial: true, category: 5, evidenceIndexes: [55] });
  });

  it("falls back to a day after the previous session when a date cannot be read", () => {
    const shop = toEvalConversation(bookshop, { window: 4 });
    expect(shop.messages[4]).toMatchObject({ diaId: "D2:1", at: "2024-05-06T09:00:00.000Z" });
    expect(shop.messages[8]).toMatchObject({ diaId: "D3:1", at: "2024-05-20T16:30:00.000Z" });
  });

  it("drops evidence that names no turn", () => {
    const shop = toEvalConversation(bookshop, { window: 4 });
    const drill = shop.questions.find((q) => q.answer === "a drill");
    expect(drill).toMatchObject({ evidenceIndexes: [7], evidenceOutsideWindow: true });
    expect(shop.questions.find((q) => q.answer === "87")).toMatchObject({ evidenceIndexes: [8], evidenceOutsideWindow: false });
  });

  it("rejects a window that is not a positive integer", () => {
    expect(() => toEvalConversation(truck, { window: 0 })).toThrow(RangeError);
  });
});
